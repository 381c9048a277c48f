import CCairo

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Text lines' glyph outlines as cairo paths, by the index of their node in the scene: laid out
/// by one painter (`ScenePainter.collectedOutlines`), node after node in the scene's order, and
/// filled by another (`ScenePainter.preparedOutlines`), which may run on another thread: it waits
/// for each node until the collector has moved past it or stopped.
final class TextOutlines: @unchecked Sendable {
    /// Per node, its outlines once it was laid out; each slot written by the collector only,
    /// before it publishes the node, and read only after.
    private let slots: UnsafeMutableBufferPointer<[UnsafeMutablePointer<cairo_path_t>]?>
    /// The node whose outlines `take` collects.
    private var node = 0
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by `mutex`: the nodes before `published` are laid out, or will never be once
    // `stopped`.
    private var published = 0
    private var stopped = false

    /// Room for a scene of `nodeCount` nodes.
    init(nodeCount: Int) {
        slots = .allocate(capacity: max(1, nodeCount))
        slots.initialize(repeating: nil)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        for case let nodePaths? in slots {
            for path in nodePaths { cairo_path_destroy(path) }
        }
        slots.deinitialize()
        slots.deallocate()
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    // MARK: The collector's side

    /// The outlines `take` collects from now on are `node`'s; the nodes before it are done.
    func start(node: Int) {
        publish(upTo: node)
        self.node = node
        slots[node] = []
    }

    /// Takes `cr`'s current path for the node started last, leaving `cr` without one. The path is
    /// copied in user space: at a uniform scale its points come back to the same fixed-point device
    /// points.
    func take(from cr: OpaquePointer) {
        if slots[node] == nil { slots[node] = [] }
        slots[node]?.append(cairo_copy_path(cr))
        cairo_new_path(cr)
    }

    /// No node is laid out from now on: those not laid out yet are the filler's own to lay out.
    func stop() {
        pthread_mutex_lock(mutex)
        stopped = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    private func publish(upTo node: Int) {
        pthread_mutex_lock(mutex)
        if node > published {
            published = node
            pthread_cond_broadcast(condition)
        }
        pthread_mutex_unlock(mutex)
    }

    // MARK: The filler's side

    /// The outlines of `node`'s lines in the order they were laid out, waiting for the collector
    /// to move past it; nil when it stopped before `node`, which is then not its to lay out.
    func paths(of node: Int) -> [UnsafeMutablePointer<cairo_path_t>]? {
        pthread_mutex_lock(mutex)
        while !stopped, published <= node { pthread_cond_wait(condition, mutex) }
        pthread_mutex_unlock(mutex)
        return node < slots.count ? slots[node] : nil
    }

    /// Waits until the collector has stopped: it then uses the fonts no more.
    func waitUntilStopped() {
        pthread_mutex_lock(mutex)
        while !stopped { pthread_cond_wait(condition, mutex) }
        pthread_mutex_unlock(mutex)
    }
}
