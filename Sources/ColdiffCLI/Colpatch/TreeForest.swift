import ColdiffCore
import ColdiffFormats

/// The records of a patch target seen as a tree (a tree diff document,
/// SPEC §7.1): every record and every record nested in the children member,
/// indexed by key across the whole forest, with each node's own content
/// apart from its children so that records can be found, checked, removed
/// and placed anywhere in the tree.
///
/// Only the top-level records whose subtree changed are written anew; the
/// others keep their bytes.
struct TreeForest {
  /// The children member.
  let field: JSONPointer
  /// The identity fields.
  let keys: [JSONPointer]
  /// Each node's value, its children member (when it has one) emptied.
  private var contents: [JSONValue] = []
  /// Whether each node has the children member.
  private var hasMember: [Bool] = []
  /// Each node's children, in order.
  private var children: [[Int]] = []
  /// Each node's parent: -1 for a root, -2 when out of the forest.
  private var parents: [Int] = []
  /// The target record each original top-level node came from.
  private var handles: [Int32?] = []
  /// Whether a node's own content or its list of children changed.
  private var changed: [Bool] = []
  /// The top-level nodes, in order.
  private var roots: [Int] = []
  /// The node of each canonical key.
  private var index: [[UInt8]: Int] = [:]

  /// Reads the records of `target` into a forest.
  ///
  /// - Throws: `InputError` for a children member that is not an array;
  ///   `PatchConflict` for a key that occurs twice in the target.
  init(target: PatchTarget, field: JSONPointer, keys: [JSONPointer]) throws {
    self.field = field
    self.keys = keys
    for handle in target.order {
      let node = try add(target.value(of: handle), origin: handle, name: target.snapshot.name)
      roots.append(node)
      parents[node] = -1
    }
  }

  /// The canonical bytes of a key as a diff document writes it (one
  /// field's value, or the array of a composite key's values).
  func canonicalKey(_ key: JSONValue) -> [UInt8] {
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
  func node(withKey key: JSONValue) -> Int? { index[canonicalKey(key)] }

  /// The node at an index path in the forest as it stands.
  func node(at path: [Int]) -> Int? {
    var list = roots
    var found: Int?
    for component in path {
      guard component >= 0, component < list.count else { return nil }
      found = list[component]
      list = children[list[component]]
    }
    return found
  }

  /// The children of `parent` (-1: the roots).
  func childList(of parent: Int) -> [Int] { parent < 0 ? roots : children[parent] }

  /// Whether `node` is in the forest now.
  func isAttached(_ node: Int) -> Bool { parents[node] != -2 }

  /// The node's content (its children member emptied).
  func content(of node: Int) -> JSONValue { contents[node] }

  /// Gives the node new content; `member` says whether it keeps a
  /// children member.
  mutating func setContent(_ value: JSONValue, hasMember member: Bool, of node: Int) {
    contents[node] = value
    hasMember[node] = member
    changed[node] = true
  }

  /// Whether the node has its children member.
  func hasChildrenMember(_ node: Int) -> Bool { hasMember[node] }

  /// The node's value with its subtree as it stands.
  ///
  /// - Complexity: O(size of the subtree).
  func value(of node: Int) -> JSONValue {
    var value = contents[node]
    let present = field.resolve(in: value) != nil
    do {
      if hasMember[node] || !children[node].isEmpty {
        let nested = JSONValue.array(children[node].map { self.value(of: $0) })
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
  mutating func detach(_ node: Int) {
    let parent = parents[node]
    precondition(parent != -2, "node \(node) is not in the forest")
    if parent < 0 {
      roots.removeAll { $0 == node }
    } else {
      children[parent].removeAll { $0 == node }
      changed[parent] = true
    }
    parents[node] = -2
  }

  /// Forgets the keys of `node`'s subtree (a deleted subtree).
  mutating func unindex(_ node: Int) {
    var stack = [node]
    while let next = stack.popLast() {
      if let key = key(of: contents[next]) { index.removeValue(forKey: key) }
      stack += children[next]
    }
  }

  /// Places a detached node among the children of `parent` (-1: the
  /// roots) at `position`.
  mutating func attach(_ node: Int, under parent: Int, at position: Int) {
    precondition(parents[node] == -2, "node \(node) is already placed")
    if parent < 0 {
      roots.insert(node, at: position)
    } else {
      children[parent].insert(node, at: position)
      changed[parent] = true
    }
    parents[node] = parent
  }

  /// Adds the records of an inserted subtree, detached.
  ///
  /// - Throws: `PatchConflict` when one of its keys is in the forest.
  mutating func addInserted(_ value: JSONValue, name: String) throws -> Int {
    let node = try add(value, origin: nil, name: name)
    changed[node] = true
    return node
  }

  /// Writes the forest back into `target`: untouched top-level records
  /// stay as they are, the others get their new values.
  func write(into target: inout PatchTarget) {
    var dirtyRoot = Set<Int>()
    for node in changed.indices where changed[node] && parents[node] != -2 {
      var top = node
      while parents[top] >= 0 { top = parents[top] }
      dirtyRoot.insert(top)
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
  /// their keys.
  private mutating func add(_ value: JSONValue, origin: Int32?, name: String) throws -> Int {
    let node = contents.count
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
    children.append([])
    parents.append(-2)
    handles.append(origin)
    changed.append(false)
    if let key = key(of: content) {
      if index[key] != nil {
        throw PatchConflict(
          description: "key \(ReportText.key(keyValue(of: content))): already in the target")
      }
      index[key] = node
    }
    for element in nested {
      let child = try add(element, origin: nil, name: name)
      children[node].append(child)
      parents[child] = node
    }
    return node
  }

  /// The key of a record as documents write it, for messages.
  private func keyValue(of value: JSONValue) -> JSONValue {
    let parts = keys.map { $0.resolve(in: value) ?? .null }
    return parts.count == 1 ? parts[0] : .array(parts)
  }
}
