/// The version of livecontract this library is part of: what `livecontract --version` prints
/// and SARIF reports name as the tool's version.
///
/// The one place the version lives is the file VERSION at the repository root (the wheel, the
/// npm packages, the formula and the action read it through scripts/version). This constant is
/// its copy in the binary: a Swift build cannot read a file outside its targets at compile time
/// without a build plug-in, so the copy is checked instead: scripts/package refuses to build a
/// release whose binary disagrees with VERSION, and ReleaseVersionTests compare the two.
public enum ToolVersion {
    public static let number = "0.1.0"
}
