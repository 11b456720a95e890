extension ColdiffManual {
  /// `--shard` and `--combine`: a run split into shards, and the hash
  /// that decides a record's shard, exactly, for other tools.
  static let shards = ManualSection(
    "SHARDS",
    [
      .paragraph(
        """
        A run can be split into N shards, each diffed by its own process, on this machine or \
        on others that can read OLD and NEW, and then combined. Shard I of N \
        (`--shard I/N -f json`) reads both inputs whole, matches every record, compares only \
        the records whose key falls in shard I, and writes a shard document: the shard's \
        inserts, deletes and updates, and the positions and keys of its matched records, \
        every position a position in the whole OLD or NEW. `--combine` reads the N shard \
        documents, in any order, finds the minimal moves over all matched records, and \
        prints exactly what one run over the whole inputs prints, in any `--format`. A \
        shard exits 0 when its document is written; the combination exits as one run \
        would. A record under whole-value identity carries its whole text in the shard \
        documents, so sharding pays most for keyed records.
        """),
      .example([
        "for i in 0 1 2 3; do",
        "  coldiff -k sku --shard $i/4 -f json old.json new.json >p$i.json &",
        "done; wait",
        "coldiff --combine -f text p*.json",
      ]),
      .paragraph(
        """
        Each shard document records a fingerprint of the inputs (a hash of OLD's bytes, of \
        NEW's bytes and of the identity, equality and input options): parts of other inputs \
        or options, a repeated shard and a missing one are errors (exit 2).
        """),
      .paragraph(
        """
        A record is in shard H mod N, where H is the FNV-1a 64 hash of its canonical key \
        bytes: start from 0xcbf29ce484222325 and for each byte XOR it in, then multiply by \
        0x100000001b3 modulo 2^64. The canonical key is the key field's value (the values \
        of a composite key's fields, one after the other, in `--key` order), the member \
        name of an object map's record (as a string), or under whole-value identity the \
        whole record less its `--ignore` fields; a CSV field is a string. A value is \
        encoded as a tag byte and then:
        """),
      .definitions([
        ManualDefinition("null, false, true", "the tag 0x01, 0x02 or 0x03 alone;"),
        ManualDefinition(
          "number",
          """
          0x04, then `-` when negative, the significant digits (no leading or trailing \
          zeros), `e` and the decimal exponent E with `-` when negative, such that the \
          value is 0.DIGITS × 10^E (`120` is `12e3`, `-0.05` is `-5e-1`), then 0x00; zero \
          is `0` then 0x00;
          """),
        ManualDefinition(
          "string",
          """
          0x05, the decoded UTF-8 bytes with each 0x00 written as 0x00 0xFF, then 0x00 0x00 \
          (`"ab"` is 05 61 62 00 00);
          """),
        ManualDefinition("array", "0x06, each element's encoding, then 0x08;"),
        ManualDefinition(
          "object",
          """
          0x07, then for each member (the last of duplicate names), sorted by the bytes of \
          the decoded names, the name as a string's bytes without its tag and the value's \
          encoding, then 0x08.
          """),
      ]),
      .paragraph(
        """
        So the key `42` is 04 34 32 65 32 00 and lands in shard 2 of 4. See \
        `integrations/spark/` in the source for an Apache Spark driver that runs the shards \
        as Spark tasks, and a Kubernetes Indexed Job example.
        """),
    ])
}
