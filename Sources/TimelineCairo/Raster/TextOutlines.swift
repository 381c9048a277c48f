import CCairo

/// Text lines' glyph outlines as cairo paths, by the index of their node in the scene: laid out
/// before a PNG is painted (`ScenePainter.collectedOutlines`), while another thread readies the
/// image's memory, then filled in the scene's order (`ScenePainter.preparedOutlines`).
final class TextOutlines {
    /// The node whose outlines `take` collects.
    private var node = 0
    private var paths: [Int: [UnsafeMutablePointer<cairo_path_t>]] = [:]

    /// The outlines `take` collects from now on are `node`'s.
    func start(node: Int) {
        self.node = node
        paths[node] = []
    }

    /// Whether `node` was laid out (`start(node:)`), its outlines all here.
    func laidOut(_ node: Int) -> Bool { paths[node] != nil }

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

    /// The outlines of `node`'s lines, in the order they were laid out.
    func paths(of node: Int) -> [UnsafeMutablePointer<cairo_path_t>] { paths[node] ?? [] }
}
