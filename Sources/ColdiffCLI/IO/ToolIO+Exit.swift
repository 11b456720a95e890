extension ToolIO {
  /// Leaves `value` to the process's exit when the process exits as soon
  /// as the run returns (``exitsAfterRun``): the kernel takes a million
  /// records' memory back at once, where freeing them node by node and
  /// unmapping the inputs one by one would hold the exit up (a third of a
  /// second at 1M). Otherwise (the fuzzers) `value` is freed as usual.
  func leaveForExit<Value>(_ value: Value) {
    guard exitsAfterRun else { return }
    _ = Unmanaged.passRetained(HeldUntilExit(value))
  }
}

/// A value kept alive until the process exits.
private final class HeldUntilExit<Value> {
  let value: Value

  init(_ value: Value) { self.value = value }
}
