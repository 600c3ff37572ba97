using System.Security.Cryptography;
using System.Text.Json.Nodes;

namespace SerBench.Tests.Cli;

/// <summary>
/// Seeded mutations of a valid results.json — fields dropped, types changed, nulls inserted, non-finite, huge,
/// denormal and negative numbers, hostile strings, a cell twice, malformed modes, truncation — each run through
/// <c>report</c>, <c>compare</c> and <c>merge</c> in-process: the exit code is always 0, 1 (the gate) or 2, nothing is
/// written outside the output folder, a refused merge writes nothing, and the input files are never modified.
/// </summary>
public sealed class ResultsFileFuzzTests : IDisposable
{
    private const int Mutations = 600;

    /// <summary>A name unique to this run, so a file escaping to /tmp would be found.</summary>
    private static readonly string Escapee = "serbench-fuzz-escape-" + Guid.NewGuid().ToString("N")[..8];

    private static readonly string[] HostileStrings =
    [
        $"../../../../tmp/{Escapee}", $"../../{Escapee}", $"../../../../{Escapee}", $"../../../../../{Escapee}", $"/tmp/{Escapee}", "..", "", " ", "<script>alert(1)</script>", "a|b|c", "line\nbreak\r\n# heading",
        "=cmd|' /C calc'!A0", "+SUM(1)", "@x", "-1", "[x](javascript:alert(1))", "`code`", "\u0000\u202e", new string('x', 5000), "NaN", "serialize",
    ];

    private static readonly string[] RawNumbers = ["1e400", "-1e400", "1.5", "-1", "0", "99999999999", "9223372036854775807", "1e308", "-0.0", "4.9e-324", "1e-320", "1e200", "1e-200"];

    private readonly TempDirectory _root = new();

    public void Dispose() => _root.Dispose();

    [Fact]
    public void MutatedResultsFiles_NeverCrashReportCompareOrMerge_NeverEscapeTheOutputFolder_NeverChangeTheInput()
    {
        var inputs = Directory.CreateDirectory(_root.File("in")).FullName;
        var output = _root.File("out");
        var basePath = Path.Combine(inputs, "base.json");
        File.WriteAllText(basePath, SampleFiles.ValidJson());
        // Merge refuses a run given twice: the mutated files are merged with a later run of the same cells.
        var laterRun = Path.Combine(inputs, "later-run.json");
        File.WriteAllText(laterRun, SampleFiles.Edited(r => r["startedAt"] = "2026-11-23T10:00:00+00:00"));
        var random = new Random(11);
        var exitCodes = new Dictionary<int, int>();
        var refusals = new List<string>();
        for (var i = 0; i < Mutations; i++)
        {
            var mutated = Path.Combine(inputs, $"mutated-{i:000}.json");
            File.WriteAllText(mutated, Mutate(random));
            var before = (Hash(basePath), Hash(laterRun), Hash(mutated));

            var merged = Path.Combine(output, "merged");
            var lastExitCode = 0;
            foreach (var args in new[]
            {
                new[] { "report", mutated, "--out", Path.Combine(output, "report") },
                ["compare", basePath, mutated, "--markdown", Path.Combine(output, "compare.md")],
                ["compare", mutated, basePath, "--fail-on-regression"],
                ["merge", laterRun, mutated, "--out", merged],
            })
            {
                var (exitCode, stdout, error) = CliTester.RunWithoutChartImages(args);
                Assert.True(exitCode is 0 or 1 or 2, $"mutation {i}, {args[0]}: exit code {exitCode}\n{error}{stdout}\n{File.ReadAllText(mutated)}");
                Assert.DoesNotContain("   at ", error, StringComparison.Ordinal);
                exitCodes[exitCode] = exitCodes.GetValueOrDefault(exitCode) + 1;
                refusals.Add(error);
                lastExitCode = exitCode;
            }

            // A refused merge writes nothing, nothing half-written; an accepted one is cleared so the next merge gets a new folder.
            Assert.Equal(lastExitCode == 0, Directory.Exists(merged));
            if (Directory.Exists(merged))
            {
                Directory.Delete(merged, recursive: true);
            }

            Assert.Equal(before, (Hash(basePath), Hash(laterRun), Hash(mutated)));
        }

        Assert.Equal(["in", "out"], Directory.GetFileSystemEntries(_root.Path).Select(Path.GetFileName).Order(StringComparer.Ordinal));
        Assert.Equal(Mutations + 2, Directory.GetFiles(inputs).Length);
        // Where "../" chains from charts/ would land: every folder above it, and /tmp/tmp.
        for (var folder = Path.Combine(output, "report", "charts"); folder is not null; folder = Path.GetDirectoryName(folder))
        {
            Assert.Empty(Directory.Exists(folder) ? Directory.GetFileSystemEntries(folder, Escapee + "*") : []);
        }

        Assert.False(Directory.Exists(Path.Combine(Path.GetTempPath(), "tmp")) && Directory.GetFileSystemEntries(Path.Combine(Path.GetTempPath(), "tmp"), Escapee + "*").Length > 0);
        // Both outcomes are exercised: files the reader refuses, and files that still render; and each invariant of issue 35.
        Assert.True(exitCodes.GetValueOrDefault(0) > 100 && exitCodes.GetValueOrDefault(2) > 100, string.Join(", ", exitCodes));
        foreach (var invariant in new[] { "the same cell as", "is not a time a measurement gives", ".modes" })
        {
            Assert.Contains(refusals, r => r.Contains(invariant, StringComparison.Ordinal));
        }
    }

    /// <summary>One to three mutations of the valid file; a few are truncated as text instead.</summary>
    private static string Mutate(Random random)
    {
        var text = SampleFiles.ValidJson();
        if (random.Next(20) == 0)
        {
            return text[..random.Next(text.Length)];
        }

        var root = JsonNode.Parse(text)!;
        var raw = new List<string>();
        for (var n = random.Next(1, 4); n > 0; n--)
        {
            var slots = Slots(root).ToList();
            var (parent, key, index) = slots[random.Next(slots.Count)];
            var cells = root["cells"] as JsonArray;
            var cell = cells is { Count: > 0 } ? cells[random.Next(cells.Count)] as JsonObject : null;
            switch (random.Next(9))
            {
                // The format's own invariants (issue 35): one cell twice, a time no measurement gives, modes that are not two speeds fastest first.
                case 6 when cell is not null:
                    cells!.Insert(random.Next(cells.Count + 1), cell.DeepClone());
                    break;
                case 7 when cell is not null:
                    raw.Add(RawNumbers[random.Next(RawNumbers.Length - 4, RawNumbers.Length)]);
                    cell[new[] { "meanNs", "lowNs", "highNs", "medianNs" }[random.Next(4)]] = JsonValue.Create($"@raw{raw.Count - 1}@");
                    break;
                case 8 when cell is not null:
                    cell["modes"] = MalformedModes(random);
                    break;
                case 0 when key is not null:
                    parent.AsObject().Remove(key);
                    break;
                case 1 when parent is JsonArray array:
                    array.Insert(random.Next(array.Count + 1), null);
                    break;
                case 2:
                    // Numbers JsonNode cannot hold (1e400) go in as a marker replaced in the text.
                    raw.Add(RawNumbers[random.Next(RawNumbers.Length)]);
                    Set(parent, key, index, JsonValue.Create($"@raw{raw.Count - 1}@"));
                    break;
                case 3:
                    Set(parent, key, index, JsonValue.Create(HostileStrings[random.Next(HostileStrings.Length)]));
                    break;
                default:
                    Set(parent, key, index, (random.Next(6)) switch
                    {
                        0 => null,
                        1 => JsonValue.Create(random.Next(2) == 0),
                        2 => new JsonArray(JsonValue.Create(1), null),
                        3 => new JsonObject { ["x"] = 1 },
                        4 => JsonValue.Create(new[] { "NaN", "Infinity", "-Infinity" }[random.Next(3)]),
                        _ => JsonValue.Create(-random.Next(1, 1000)),
                    });
                    break;
            }
        }

        var json = root.ToJsonString();
        for (var i = 0; i < raw.Count; i++)
        {
            json = json.Replace($"\"@raw{i}@\"", raw[i], StringComparison.Ordinal);
        }

        return json;
    }

    /// <summary>Modes a writer never produces: one or three, unsorted, equal, zero, or a mode of one process.</summary>
    private static JsonArray MalformedModes(Random random)
    {
        static JsonNode Mode(double meanNs, int processes = 3) => new JsonObject { ["meanNs"] = meanNs, ["errorNs"] = 10.0, ["processes"] = processes };
        return random.Next(6) switch
        {
            0 => [Mode(1000)],
            1 => [Mode(1000), Mode(2000), Mode(4000)],
            2 => [Mode(4000), Mode(1000)],
            3 => [Mode(1000), Mode(1000)],
            4 => [Mode(0), Mode(0)],
            _ => [Mode(1000), Mode(4000, processes: 1)],
        };
    }

    /// <summary>Every place in the tree that holds a value: (container, property name or array index).</summary>
    private static IEnumerable<(JsonNode Parent, string? Key, int Index)> Slots(JsonNode node)
    {
        switch (node)
        {
            case JsonObject obj:
                foreach (var (key, value) in obj.ToList())
                {
                    yield return (obj, key, -1);
                    if (value is not null)
                    {
                        foreach (var slot in Slots(value))
                        {
                            yield return slot;
                        }
                    }
                }

                break;
            case JsonArray array:
                for (var i = 0; i < array.Count; i++)
                {
                    yield return (array, null, i);
                    if (array[i] is { } item)
                    {
                        foreach (var slot in Slots(item))
                        {
                            yield return slot;
                        }
                    }
                }

                break;
        }
    }

    private static void Set(JsonNode parent, string? key, int index, JsonNode? value)
    {
        if (key is not null)
        {
            parent.AsObject()[key] = value;
        }
        else
        {
            parent.AsArray()[index] = value;
        }
    }

    private static string Hash(string path) => Convert.ToHexString(SHA256.HashData(File.ReadAllBytes(path)));
}
