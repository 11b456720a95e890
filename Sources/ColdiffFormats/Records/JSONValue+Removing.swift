extension JSONValue {
  /// The value without the members at `paths` (each a list of member names
  /// from this value down), for `--ignore`: ignored fields take no part in
  /// equality or in the changes reported.
  ///
  /// A path that does not exist, or that goes through a value that is not
  /// an object, leaves the value as it is.
  ///
  /// - Complexity: O(paths × depth × members).
  public func removing(paths: [[[UInt8]]]) -> JSONValue {
    paths.reduce(self) { $0.removing(path: $1[...]) }
  }

  private func removing(path: ArraySlice<[UInt8]>) -> JSONValue {
    guard let name = path.first, case .object(var object) = self else { return self }
    if path.count == 1 {
      object.members.removeAll { $0.name.value == name }
    } else {
      for index in object.members.indices where object.members[index].name.value == name {
        object.members[index].value = object.members[index].value.removing(
          path: path.dropFirst())
      }
    }
    return .object(object)
  }
}
