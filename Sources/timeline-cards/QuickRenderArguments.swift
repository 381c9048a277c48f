import ArgumentParser
import TimelineKit

/// The commonest `render` command lines, read without swift-argument-parser: its parsing reflects
/// over every flag of the command (the Swift runtime looking up each flag type's conformances in
/// all of the binary's conformance records), 9 M instructions, more than rendering an 8-item card.
/// Only inputs, `-o`/`--output`, `--format`, `--scale`, `--theme` and `--jobs` are read here, each
/// value a separate argument; anything else, a repeated flag, or a command the checks refuse is left to the full
/// parser, which gives every message and exit code. Every other flag takes the value it takes
/// when not given: `QuickRenderArgumentsTests` compares the commands both make.
enum QuickRenderArguments {
    /// The `render` command `arguments` (those after `render`) ask for, checked as the full parser
    /// checks it, or nil when the full parser is to read them.
    static func render(_ arguments: [String]) -> Render? {
        var inputs: [String] = []
        var output: String?
        var formats: [ImageFormat] = []
        var jobs: Int?
        var scale: Double?
        var theme: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("-"), argument != "-" else {
                inputs.append(argument)
                index += 1
                continue
            }
            // A flag's value: the next argument, which must not look like a flag itself.
            guard index + 1 < arguments.count else { return nil }
            let value = arguments[index + 1]
            guard !value.hasPrefix("-") || (value == "-" && (argument == "-o" || argument == "--output")) else {
                return nil
            }
            switch argument {
            case "-o", "--output":
                guard output == nil else { return nil }
                output = value
            case "--format":
                guard let format = ImageFormat(rawValue: value) else { return nil }
                formats.append(format)
            case "--jobs":
                guard jobs == nil, let number = Int(value) else { return nil }
                jobs = number
            case "--scale":
                guard scale == nil, let number = Double(value) else { return nil }
                scale = number
            case "--theme":
                guard theme == nil else { return nil }
                theme = value
            default:
                return nil
            }
            index += 2
        }
        return command(
            inputs: inputs, output: output, formats: formats, jobs: jobs, scale: scale, theme: theme)
    }

    /// The command with these values, every other flag as when it is not given; nil when a check
    /// of the command or its flag groups refuses it.
    private static func command(
        inputs: [String], output: String?, formats: [ImageFormat], jobs: Int?, scale: Double?, theme: String?
    ) -> Render? {
        var input = InputFlags()
        input.inputs = inputs
        input.inputFormat = nil
        input.limitFlags = LimitFlags.defaults
        input.shard = nil
        var image = ImageFlags()
        image.feed = false
        image.scale = scale
        image.now = nil
        image.theme = theme
        image.locale = nil
        image.timeZone = nil
        image.fonts = []
        image.systemFonts = false
        image.strict = false
        var render = Render()
        render.input = input
        render.image = image
        render.output = output
        render.format = formats
        render.jobs = jobs
        render.timings = false
        render.verbose = false
        render.watch = false
        render.darkVariants = false
        render.assets = nil
        render.check = false
        render.serve = false
        render.port = nil
        do {
            try input.validate()
            try image.validate()
            try render.validate()
        } catch {
            return nil
        }
        return render
    }
}
