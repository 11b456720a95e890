import ColdiffFormats

/// What one shard of a distributed run found (`coldiff --shard I/N -f
/// json`), with all that combining the shards needs to print what one run
/// over the whole inputs prints: the matched records' positions and keys
/// (moves are minimal only over all of them), and the inserted, deleted
/// and updated records of the shard, positions in the full OLD and NEW
/// index spaces.
///
/// Records are carried as the text they have in the input (a JSON value,
/// or a CSV row without its line ending), so the combined report copies
/// the same bytes.
package struct ShardDocument: Equatable {
  /// The version of the shard document, `coldiff-shard` in the text.
  package static let version = 1

  /// This shard.
  package var shard: Shard
  /// Identifies the inputs and the diff options: parts of one run have
  /// the same.
  package var fingerprint: String
  /// The options that decide the diff, as arguments (`--key`, `id`), for
  /// the run that combines the parts.
  package var arguments: [String]
  /// What makes records the same.
  package var identity: Identity
  /// Whether moves count.
  package var ordered: Bool
  /// OLD as a whole.
  package var old: Side
  /// NEW as a whole.
  package var new: Side
  /// The shard's matched records, by NEW position.
  package var matched: [Match]
  /// The shard's inserted records, by NEW position.
  package var inserts: [Record]
  /// The shard's deleted records, by OLD position.
  package var deletes: [Record]
  /// The shard's updated records, by OLD position, with their changes.
  package var updates: [Update]

  /// One input as a whole.
  package struct Side: Equatable {
    /// The name given on the command line.
    package var name: String
    /// How it was read.
    package var form: InputForm
    /// The number of records.
    package var count: Int
    /// A table's header fields (empty for JSON).
    package var header: [[UInt8]]
  }

  /// A record matched in OLD and NEW.
  package struct Match: Equatable {
    /// Its position in OLD.
    package var old: Int
    /// Its position in NEW.
    package var new: Int
    /// Its identity in OLD: the key value (JSON text) for key fields, the
    /// member name for an object map, the record's text for whole values.
    package var oldKey: [UInt8]
    /// Its identity in NEW when written otherwise than in OLD (`1.0` and
    /// `1`), else `nil`.
    package var newKey: [UInt8]?
  }

  /// An inserted or deleted record.
  package struct Record: Equatable {
    /// Its position (NEW for inserts, OLD for deletes).
    package var position: Int
    /// Its member name as written (an object map's), else `nil`.
    package var name: [UInt8]?
    /// Its text in the input.
    package var text: [UInt8]
  }

  /// An updated record.
  package struct Update: Equatable {
    /// Its position in OLD.
    package var position: Int
    /// Its changed fields.
    package var changes: [FieldChange]
  }
}
