#!/usr/bin/env python3
"""Runs one coldiff comparison as N Spark tasks and combines them.

    spark-submit coldiff_spark.py [--shards N] [--coldiff PATH] [--format FORMAT]
        [--output FILE] [--parts DIR] -- [COLDIFF OPTIONS] OLD NEW

Each task runs `coldiff [COLDIFF OPTIONS] --shard I/N -f json OLD NEW` on an
executor (OLD and NEW must be paths every executor can read: a shared file
system, or the same files on every node); the driver collects the N shard
documents and runs `coldiff --combine -f FORMAT` on them, which prints
exactly what one run over the whole inputs prints. The exit status is
coldiff's: 0 no differences, 1 differences, 2 trouble.
"""

import argparse
import os
import subprocess
import sys
import tempfile


def parse_arguments(argv):
    """Splits the command line into the driver's options and coldiff's."""
    if "--" in argv:
        split = argv.index("--")
        own, coldiff = argv[:split], argv[split + 1:]
    else:
        own, coldiff = [], argv
    parser = argparse.ArgumentParser(
        prog="coldiff_spark.py",
        usage="spark-submit coldiff_spark.py [OPTIONS] -- [COLDIFF OPTIONS] OLD NEW")
    parser.add_argument("--shards", type=int, default=0,
                        help="number of shards (default: Spark's default parallelism)")
    parser.add_argument("--coldiff", default="coldiff",
                        help="the coldiff executable on the executors and the driver")
    parser.add_argument("--format", default="text",
                        help="the combined output format (coldiff's -f)")
    parser.add_argument("--output", help="write the combined output to FILE")
    parser.add_argument("--parts", help="keep the shard documents in DIR")
    options = parser.parse_args(own)
    if len(coldiff) < 2:
        parser.error("expected coldiff's options, OLD and NEW after --")
    return options, coldiff


def shard_task(coldiff, arguments, count):
    """The function a Spark task runs: shard `index` of `count`."""
    def run(index):
        command = [coldiff] + arguments[:-2] + [
            "--shard", "%d/%d" % (index, count), "-f", "json"] + arguments[-2:]
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if result.returncode != 0:
            raise RuntimeError("shard %d/%d failed (exit %d): %s" % (
                index, count, result.returncode, result.stderr.decode("utf-8", "replace")))
        return index, result.stdout
    return run


def main(argv):
    options, arguments = parse_arguments(argv)
    from pyspark import SparkConf, SparkContext

    context = SparkContext.getOrCreate(SparkConf().setAppName("coldiff"))
    try:
        count = options.shards or context.defaultParallelism
        tasks = context.parallelize(range(count), count)
        parts = tasks.map(shard_task(options.coldiff, arguments, count)).collect()
    finally:
        context.stop()
    with tempfile.TemporaryDirectory(prefix="coldiff-spark-") as scratch:
        directory = options.parts or scratch
        os.makedirs(directory, exist_ok=True)
        paths = []
        for index, document in sorted(parts):
            path = os.path.join(directory, "part-%05d.json" % index)
            with open(path, "wb") as part:
                part.write(document)
            paths.append(path)
        command = [options.coldiff, "--combine", "-f", options.format] + paths
        if options.output:
            with open(options.output, "wb") as output:
                return subprocess.run(command, stdout=output).returncode
        sys.stdout.flush()
        return subprocess.run(command).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
