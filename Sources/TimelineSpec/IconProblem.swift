import TimelinePolicy

/// Why an icon file is refused.
enum IconProblem: Error, Equatable {
    case file(RegularFile.Problem)
    case empty
    case notPNG(String)
    case tooManyPixels(width: Int, height: Int, limit: Int)
    case svg(String)
    case documentBudget(String, Int, flag: String)
    case undrawable(String)

    var message: String {
        switch self {
        case .file(let problem): return problem.message
        case .empty: return "is empty"
        case .notPNG(let reason): return "is not a valid PNG file (\(reason))"
        case .tooManyPixels(let width, let height, let limit):
            return
                "is \(width)×\(height) pixels; icons may have at most \(limit) on each side (raise with "
                + "--max-icon-side)"
        case .svg(let reason): return "is refused: \(reason)"
        case .documentBudget(let what, let limit, let flag):
            return "takes the document's icons past their limit of \(limit) \(what) in all (raise with \(flag))"
        case .undrawable(let message): return message
        }
    }
}
