-- Peer: the DuckDB CLI, a FULL OUTER JOIN on id.
-- tools.py fills in {old_table} and {new_table} (read_json for a JSON array,
-- JSON Lines read_json with newline_delimited, read_csv with every column as
-- text) and runs it with `duckdb -batch -jsonlines -c`. The rows whose
-- record differs go to stdout as JSON Lines, and so does one line of counts.
CREATE TEMP TABLE o AS SELECT * FROM {old_table};
CREATE TEMP TABLE n AS SELECT * FROM {new_table};
CREATE TEMP TABLE d AS
  SELECT o.id AS old_id, n.id AS new_id, o AS old_record, n AS new_record
  FROM o FULL OUTER JOIN n ON o.id = n.id
  WHERE o.id IS NULL OR n.id IS NULL OR o IS DISTINCT FROM n;
COPY (SELECT * FROM d) TO '/dev/stdout' (FORMAT json);
SELECT count(*) FILTER (WHERE old_id IS NULL) AS inserted,
       count(*) FILTER (WHERE new_id IS NULL) AS deleted,
       count(*) FILTER (WHERE old_id IS NOT NULL AND new_id IS NOT NULL) AS updated
FROM d;
