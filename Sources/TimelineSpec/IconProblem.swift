/// Why an icon file is refused.
enum IconProblem: Error, Equatable {
    case file(RegularFile.Problem)
    case empty
    case notPNG(String)
    case tooManyPixels(width: Int, height: Int)
    case svg(String)
    case documentBudget(String, Int)
    case undrawable(String)

    var message: String {
        switch self {
        case .file(let problem): return problem.message
        case .empty: return "is empty"
        case .notPNG(let reason): return "is not a valid PNG file (\(reason))"
        case .tooManyPixels(let width, let height):
            return "is \(width)×\(height) pixels; icons may have at most \(IconReader.maxPixelSide) on each side"
        case .svg(let reason): return "is refused: \(reason)"
        case .documentBudget(let what, let limit):
            return "takes the document's icons past their limit of \(limit) \(what) in all"
        case .undrawable(let message): return message
        }
    }
}
