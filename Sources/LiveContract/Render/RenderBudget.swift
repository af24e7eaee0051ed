/// How much one render may do: a template (or a chain of partials) can repeat a section inside
/// a section, or include a partial many times in a partial that is itself included many times,
/// so the work grows as a product while the source stays a few lines. Cycles and depth are
/// bounded in `include`; this bounds the product, so a hostile `templates:` folder fails with
/// an error at the tag where the budget ran out instead of hanging or filling the memory.
///
/// The output cap is the size `check` and `generate` read back (`FileSystem.Limit.output`): a
/// larger file could be written but never compared. The step cap is far above what the
/// built-in templates need for the largest schema the loader accepts, and catches sections
/// that repeat without writing anything.
struct RenderBudget {
    static let maxOutput = FileSystem.Limit.output
    static let maxSteps = 1 << 25

    /// Work left: each step (a text, a tag, a section) costs the number of scopes open at it,
    /// since looking a name up walks them. The built-in templates spend about 120 per field
    /// of the largest output, so a 1 MiB schema of one-line fields stays under a third of it.
    var steps = Self.maxSteps

    /// The error at step `index` of the template being rendered.
    func exceeded(_ walk: Template.Walk, _ index: Int, output: Int, in template: Template) -> TemplateError {
        let kind = walk.steps[4 &* index]
        let offset = kind == TemplateSteps.text ? Int(walk.steps[4 &* index &+ 1]) : walk.tags[Int(walk.links[index].tag)].offset
        let (line, column) = TemplatePosition.of(offset, in: walk.source)
        let what = output > Self.maxOutput ? Self.outputLimit : "the render passes its budget of \(Self.maxSteps) steps (a step inside n open sections counts n)"
        return TemplateError(templateName: template.name, line: line, column: column, message: what + Self.advice)
    }

    static let outputLimit = "the rendered output passes \(FileSystem.describe(maxOutput)), the most livecontract writes or reads back in one file"
    static let advice = ": a section or partial here repeats too often (sections inside sections over the same list, or a partial included many times by a partial that is itself included many times); include or repeat it fewer times"
    /// For an indented partial, whose indentation would pass the output cap.
    static let outputMessage = outputLimit + " (with the indentation in front of each line of this partial)" + advice
}
