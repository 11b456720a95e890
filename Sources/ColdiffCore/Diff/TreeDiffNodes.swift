/// The nodes a tree diff's lists name, in the lists' order: the node of
/// each path, so that a writer of the diff need not walk the paths down
/// from the roots again.
package struct TreeDiffNodes: Sendable, Equatable {
  /// The NEW node of each insert.
  package var inserts: [Int32] = []
  /// The OLD node of each delete.
  package var deletes: [Int32] = []
  /// The OLD node of each update.
  package var updates: [Int32] = []
  /// The OLD node of each move (its NEW node is its match).
  package var moves: [Int32] = []

  /// No nodes.
  package init() {}
}
