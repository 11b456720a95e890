import ColdiffCore
import ColdiffFormats

/// The records of a patch target seen as a tree (a tree diff document,
/// SPEC §7.1): every record and every record nested in the children member,
/// indexed by key across the whole forest, with each node's own content
/// apart from its children so that records can be found, checked, removed
/// and placed anywhere in the tree.
///
/// In a JSON object map the roots are the members, each identified by its
/// member name as a JSON string (one identity space with the nested
/// records' keys); a record placed at the top becomes the member named by
/// its key.
///
/// Only the top-level records whose subtree changed are written anew; the
/// others keep their bytes. The sibling lists are order-statistics trees
/// (`SiblingLists`), so taking a node out, placing it and finding its
/// position cost O(log w) in a list of w siblings.
package struct TreeForest {
  /// The children member.
  package let field: JSONPointer
  /// The identity fields.
  package let keys: [JSONPointer]
  /// Each node's value, its children member (when it has one) emptied.
  private var contents: [JSONValue] = []
  /// Whether each node has the children member.
  private var hasMember: [Bool] = []
  /// The roots and each node's children, in order, and each node's
  /// parent (-1 for a root, -2 when out of the forest).
  private var lists = SiblingLists()
  /// The target record each original top-level node came from.
  private var handles: [Int32?] = []
  /// Whether a node's own content or its list of children changed.
  private var changed: [Bool] = []
  /// Each node's canonical key, `nil` for a record without key fields.
  private var keyBytes: [[UInt8]?] = []
  /// Whether the roots are the members of a JSON object map.
  private let namedRoots: Bool
  /// The member name of each node that is a root of an object map.
  private var names: [JSONString?] = []
  /// The node of each canonical key.
  private var index: [[UInt8]: Int] = [:]

  /// Reads the records of `target` into a forest.
  ///
  /// - Throws: `InputError` for a children member that is not an array;
  ///   `PatchConflict` for a key that occurs twice in the target.
  package init(target: PatchTarget, field: JSONPointer, keys: [JSONPointer]) throws {
    self.field = field
    self.keys = keys
    namedRoots = target.isObjectMap
    var roots: [Int] = []
    for handle in target.order {
      let member = namedRoots ? target.name(of: handle) : nil
      roots.append(
        try add(
          target.value(of: handle), origin: handle, name: target.snapshot.name, member: member))
    }
    lists.setChildren(roots, of: -1)
  }

  /// The canonical bytes of a key as a diff document writes it (one
  /// field's value, or the array of a composite key's values).
  package func canonicalKey(_ key: JSONValue) -> [UInt8] {
    var out: [UInt8] = []
    if keys.count == 1 {
      JSONCanonicalKey.append(key, to: &out)
    } else if case .array(let parts) = key {
      for part in parts { JSONCanonicalKey.append(part, to: &out) }
    } else {
      JSONCanonicalKey.append(key, to: &out)
    }
    return out
  }

  /// The node in the forest with `key`, if any.
  package func node(withKey key: JSONValue) -> Int? { index[canonicalKey(key)] }

  /// The node at a tree position in the forest as it stands: an index
  /// path, or an object map's root name and the indices below it.
  package func node(at position: DiffDocument.Position) -> Int? {
    switch position {
    case .path(let path): return node(at: path, below: nil)
    case .namedPath(let root, let path):
      guard namedRoots, let top = node(withKey: .string(root)), lists.parent(of: top) == -1
      else {
        return nil
      }
      return node(at: path, below: top)
    case .index, .name: return nil
    }
  }

  /// The node at index path `path` below `top` (`nil`: among the roots).
  ///
  /// - Complexity: O(log w) expected per component.
  private func node(at path: [Int], below top: Int?) -> Int? {
    var found = top
    for component in path {
      let parent = found ?? -1
      guard component >= 0, component < lists.count(under: parent) else { return nil }
      found = lists.node(at: component, under: parent)
    }
    return found
  }

  /// The number of children of `parent` (-1: the roots).
  package func childCount(of parent: Int) -> Int { lists.count(under: parent) }

  /// The child of `parent` (-1: the roots) at `position`.
  ///
  /// - Complexity: O(log w) expected for w siblings.
  package func child(at position: Int, of parent: Int) -> Int {
    lists.node(at: position, under: parent)
  }

  /// The parent of `node`: -1 for a root, -2 when out of the forest.
  package func parent(of node: Int) -> Int { lists.parent(of: node) }

  /// The position of `node`, in the forest, among its siblings.
  ///
  /// - Complexity: O(log w) expected for w siblings.
  package func position(of node: Int) -> Int { lists.position(of: node) }

  /// Whether `node` is in the forest now.
  package func isAttached(_ node: Int) -> Bool { lists.parent(of: node) != -2 }

  /// The node's content (its children member emptied).
  package func content(of node: Int) -> JSONValue { contents[node] }

  /// Gives the node new content; `member` says whether it keeps a
  /// children member.
  package mutating func setContent(_ value: JSONValue, hasMember member: Bool, of node: Int) {
    contents[node] = value
    hasMember[node] = member
    changed[node] = true
  }

  /// Whether the node has its children member.
  package func hasChildrenMember(_ node: Int) -> Bool { hasMember[node] }

  /// The node's value with its subtree as it stands.
  ///
  /// - Complexity: O(size of the subtree).
  package func value(of node: Int) -> JSONValue {
    var value = contents[node]
    let present = field.resolve(in: value) != nil
    do {
      if hasMember[node] || lists.count(under: node) > 0 {
        let nested = JSONValue.array(lists.children(of: node).map { self.value(of: $0) })
        if present {
          try value.replace(at: field, with: nested)
        } else {
          try value.add(nested, at: field)
        }
      } else if present {
        _ = try value.remove(at: field)
      }
    } catch {
      preconditionFailure("a tree record's children member cannot be set: \(error.reason)")
    }
    return value
  }

  /// Takes `node` with its subtree out of the forest.
  ///
  /// - Complexity: O(log w) expected for w siblings.
  package mutating func detach(_ node: Int) {
    let parent = lists.parent(of: node)
    precondition(parent != -2, "node \(node) is not in the forest")
    if parent >= 0 { changed[parent] = true }
    lists.remove(node)
  }

  /// Forgets the keys of `node`'s subtree (a deleted subtree).
  package mutating func unindex(_ node: Int) {
    var stack = [node]
    while let next = stack.popLast() {
      if let key = keyBytes[next] { index.removeValue(forKey: key) }
      stack += lists.children(of: next)
    }
  }

  /// Places a detached node among the children of `parent` (-1: the
  /// roots) at `position`; `key` is its key as the document gives it (a
  /// record's own key field may be gone by an update), which names it at
  /// the top of an object map.
  ///
  /// - Throws: `InputError` when the node goes to the top of an object
  ///   map and its key is not a string (a member name).
  /// - Complexity: O(log w) expected for w siblings.
  package mutating func attach(_ node: Int, under parent: Int, at position: Int, key: JSONValue?)
    throws
  {
    precondition(lists.parent(of: node) == -2, "node \(node) is already placed")
    if parent < 0 && namedRoots && names[node] == nil {
      let key = key ?? keyValue(of: contents[node])
      guard case .string(let name) = key else {
        throw InputError(
          "key \(ReportText.key(key)): a record placed at the top of a JSON object becomes "
            + "the member named by its key, which must be a string")
      }
      names[node] = name
      changed[node] = true
    }
    if parent >= 0 { changed[parent] = true }
    lists.insert(node, under: parent, at: position)
  }

  /// Adds the records of an inserted subtree, detached; `member` names a
  /// record bound for the top of an object map (its key).
  ///
  /// - Throws: `PatchConflict` when one of its keys is in the forest.
  package mutating func addInserted(_ value: JSONValue, name: String, member: JSONString? = nil)
    throws
    -> Int
  {
    let node = try add(value, origin: nil, name: name, member: member)
    changed[node] = true
    return node
  }

  /// Writes the forest back into `target`: untouched top-level records
  /// stay as they are, the others get their new values. An object map
  /// loses the members that left the top and gains, at its end, those
  /// placed there.
  package func write(into target: inout PatchTarget) {
    var dirtyRoot = Set<Int>()
    for node in changed.indices where changed[node] && lists.parent(of: node) != -2 {
      var top = node
      while lists.parent(of: top) >= 0 { top = lists.parent(of: top) }
      dirtyRoot.insert(top)
    }
    let roots = lists.children(of: -1)
    guard !namedRoots else {
      let kept = Set(roots.compactMap { handles[$0] })
      for handle in target.order where !kept.contains(handle) {
        _ = target.removeMember(named: target.name(of: handle).value)
      }
      for root in roots {
        guard let name = names[root] else { preconditionFailure("a map root has a name") }
        if let handle = handles[root] {
          if dirtyRoot.contains(root) { target.setValue(value(of: root), of: handle) }
        } else {
          target.setMember(name, to: value(of: root))
        }
      }
      return
    }
    var order: [Int32] = []
    order.reserveCapacity(roots.count)
    for root in roots {
      if let handle = handles[root] {
        if dirtyRoot.contains(root) { target.setValue(value(of: root), of: handle) }
        order.append(handle)
      } else {
        order.append(target.makeRecord(value(of: root)))
      }
    }
    target.sequence = RecordSequence(order)
  }

  /// The canonical key of a record, `nil` when it lacks a key field.
  private func key(of value: JSONValue) -> [UInt8]? {
    var out: [UInt8] = []
    for pointer in keys {
      guard let part = pointer.resolve(in: value) else { return nil }
      JSONCanonicalKey.append(part, to: &out)
    }
    return out
  }

  /// Adds `value` and its nested records as detached nodes, indexing
  /// their keys; `member` is the member name of a root of an object map,
  /// which is its key.
  private mutating func add(
    _ value: JSONValue, origin: Int32?, name: String, member memberName: JSONString?
  ) throws -> Int {
    let node = lists.addNode()
    var content = value
    var nested: [JSONValue] = []
    let member = field.resolve(in: value)
    if let member {
      guard case .array(let elements) = member else {
        throw InputError("a record has a \(field) that is not an array", file: name)
      }
      nested = elements
      do {
        try content.replace(at: field, with: .array([]))
      } catch {
        preconditionFailure("a children member that was found is gone: \(error.reason)")
      }
    }
    contents.append(content)
    hasMember.append(member != nil)
    handles.append(origin)
    changed.append(false)
    names.append(memberName)
    let key: [UInt8]?
    if let memberName {
      var out: [UInt8] = []
      JSONCanonicalKey.append(.string(memberName), to: &out)
      key = out
    } else {
      key = self.key(of: content)
    }
    keyBytes.append(key)
    if let key {
      if index[key] != nil {
        let shown = memberName.map { JSONValue.string($0) } ?? keyValue(of: content)
        throw PatchConflict(description: "key \(ReportText.key(shown)): already in the target")
      }
      index[key] = node
    }
    var children: [Int] = []
    children.reserveCapacity(nested.count)
    for element in nested {
      children.append(try add(element, origin: nil, name: name, member: nil))
    }
    lists.setChildren(children, of: node)
    return node
  }

  /// The key of a record as documents write it, for messages.
  private func keyValue(of value: JSONValue) -> JSONValue {
    let parts = keys.map { $0.resolve(in: value) ?? .null }
    return parts.count == 1 ? parts[0] : .array(parts)
  }
}
