import TimelineModel
import TimelinePolicy

extension RegularFile.Problem {
    /// Why a file was refused, after its name: "is a FIFO, not a regular file".
    package var message: String {
        switch self {
        case .cannotOpen(let reason): return "cannot be opened (\(reason))"
        case .missing: return "does not exist"
        case .notRegular(let kind): return "is \(kind), not a regular file"
        case .link(let folder): return "is a link, and links are not followed inside \(MessageText.escaped(folder))"
        case .tooLarge(let size, let limit): return "is \(size) bytes, more than the limit of \(limit)"
        case .readFailed(let reason): return "cannot be read (\(reason))"
        }
    }
}
