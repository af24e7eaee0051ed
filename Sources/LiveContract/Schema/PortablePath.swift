/// Output paths a repository can hold on every system its developers check it out on. A
/// generated file that Windows cannot create breaks the checkout there (git for Windows
/// refuses the path, or writes a device instead of a file), long after `generate` passed on
/// Linux or macOS. Windows reserves, in any letter case:
///
/// - the device names `CON`, `PRN`, `AUX`, `NUL`, `COM0`-`COM9`, `LPT0`-`LPT9` (and with the
///   superscript digits ¹ ² ³), `CONIN$`, `CONOUT$`, also with an extension (`con.swift`,
///   `nul.tar.gz`: the name before the first dot counts);
/// - a name ending in a dot or a space (Windows drops them, so `a.` is `a`);
/// - the characters `< > : " | ? *` (`:` opens an NTFS stream of the file before it), `\`
///   (a folder separator there) and the C0 controls U+0000-U+001F.
public enum PortablePath {
    /// Why `path` (relative, `/`-separated) cannot be checked out on Windows, or nil.
    public static func problem(_ path: String) -> String? {
        for part in path.split(separator: "/") {
            if let problem = problem(component: part) { return problem }
        }
        return nil
    }

    static let deviceNames: Set<String> = {
        var names: Set<String> = ["con", "prn", "aux", "nul", "conin$", "conout$"]
        for digit in ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "¹", "²", "³"] {
            names.insert("com" + digit)
            names.insert("lpt" + digit)
        }
        return names
    }()

    static func problem(component: Substring) -> String? {
        // Windows refuses C0 controls in names, and reads `\` as a folder separator; a name
        // with a line break would also split every message that shows it.
        if let bad = component.unicodeScalars.first(where: { $0.value < 0x20 || $0 == "\\" }) {
            let shown = bad == "\\" ? "'\\'" : "U+" + String(repeating: "0", count: 4 - String(bad.value, radix: 16).count) + String(bad.value, radix: 16, uppercase: true)
            return "the name '\(component)' holds \(shown), which Windows does not allow in a file name (git for Windows refuses to check it out); rename it"
        }
        if let bad = component.unicodeScalars.first(where: { "<>:\"|?*".unicodeScalars.contains($0) }) {
            return "the name '\(component)' holds '\(bad)', which Windows does not allow in a file name (git for Windows refuses to check it out); rename it"
        }
        if let last = component.last, last == "." || last == " " {
            return "the name '\(component)' ends in \(last == "." ? "a dot" : "a space"), which Windows drops (a checkout there names the file differently, or refuses it); rename it"
        }
        var stem = component.prefix { $0 != "." }
        while stem.last == " " { stem = stem.dropLast() }
        if deviceNames.contains(stem.lowercased()) {
            return "the name '\(component)' is the Windows device name \(stem.uppercased()) (also with an extension), so a checkout on Windows cannot create the file; rename it, e.g. '\(stem)Contract\(component.dropFirst(stem.count))'"
        }
        return nil
    }
}
