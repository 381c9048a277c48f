import CCairo

/// Text lines' glyph outlines as cairo paths, by the index of their node in the scene: collected
/// on the thread that lays text out (`ScenePainter.collectedOutlines`), then filled by painters
/// on other threads (`ScenePainter.preparedOutlines`), which only read them.
final class TextOutlines: @unchecked Sendable {
    /// The node whose outlines `take` collects.
    var node = 0
    private var paths: [Int: [UnsafeMutablePointer<cairo_path_t>]] = [:]

    deinit {
        for nodePaths in paths.values {
            for path in nodePaths { cairo_path_destroy(path) }
        }
    }

    /// Takes `cr`'s current path for `node`, leaving `cr` without one. The path is copied in user
    /// space: at a uniform scale its points come back to the same fixed-point device points.
    func take(from cr: OpaquePointer) {
        paths[node, default: []].append(cairo_copy_path(cr))
        cairo_new_path(cr)
    }

    /// Fills the outlines of `node`'s lines with `cr`'s source, line by line as they were laid out.
    func fill(node: Int, on cr: OpaquePointer) {
        for path in paths[node] ?? [] {
            cairo_new_path(cr)
            cairo_append_path(cr, path)
            cairo_fill(cr)
        }
    }
}
