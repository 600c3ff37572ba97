using SerBench.Core.Payloads;
using SerBench.Core.Results;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Tests.Builders;

/// <summary>
/// A synthetic results document of any size, shaped like a real run: a fixed set of contenders, and cases (payload × case ×
/// operation) that grow with the cell count, over two studies. For report's scaling (issue 44 item 12).
/// </summary>
internal static class LargeResults
{
    private static readonly (Shape Shape, int Count)[] Cases = [(Shape.Object, 1), (Shape.List, 10), (Shape.List, 100), (Shape.List, 1000)];
    private static readonly string[] Libraries = ["System.Text.Json", "Newtonsoft.Json", "MessagePack", "MemoryPack", "protobuf-net", "SpanJson", "Jil"];

    public static ResultsDocument Document(int cells, int contenders = 20)
    {
        var document = SampleResults.Document();
        // Half the cases in each study.
        var payloadsPerStudy = Math.Max(1, (cells + (2 * contenders * Cases.Length * 2) - 1) / (2 * contenders * Cases.Length * 2));
        foreach (var study in (string[])["large-a", "large-b"])
        {
            for (var payload = 0; payload < payloadsPerStudy; payload++)
            {
                foreach (var (shape, count) in Cases)
                {
                    foreach (var operation in (Operation[])[Operation.Serialize, Operation.Deserialize])
                    {
                        for (var contender = 0; contender < contenders; contender++)
                        {
                            if (document.Cells.Count == cells)
                            {
                                return document;
                            }

                            document.Cells.Add(Cell(study, payload, shape, count, operation, contender));
                        }
                    }
                }
            }
        }

        return document;
    }

    public static void Write(ResultsDocument document, string path)
    {
        using var file = File.Create(path);
        ResultsJson.Write(document, file);
    }

    // Every 97th cell crashed with a reason of its own, as a library that fails on some payloads does.
    private static ResultCell Cell(string study, int payloadIndex, Shape shape, int count, Operation operation, int contender)
    {
        // Arithmetic, not HashCode: the same document in every process.
        var seed = (study.Length * 13) + (payloadIndex * 7919) + (count * 31) + ((int)operation * 17) + (contender * 101);
        var payload = $"payload-{payloadIndex:0000}";
        var crashed = seed % 97 == 0;
        var mean = count * (200 + (contender * 37) + (seed % 50)) * (operation == Operation.Serialize ? 1.0 : 1.4);
        var rounds = (IReadOnlyList<double>)[mean * 0.99, mean, mean * 1.01];
        return new ResultCell
        {
            Study = study,
            Contender = $"contender-{contender:00}",
            Library = Libraries[contender % Libraries.Length],
            LibraryVersion = "1.0." + (contender % 3).ToString(System.Globalization.CultureInfo.InvariantCulture),
            Format = contender % 4 == 3 ? "binary" : "json",
            TextMode = contender % 2 == 0 ? "utf8" : "utf16",
            Generation = "reflection",
            NativeAot = contender % 2 == 0 ? "safe" : "not-safe",
            Licence = "MIT",
            Reference = contender == 1,
            Payload = payload,
            Shape = shape,
            Count = count,
            Operation = operation,
            Status = crashed ? VerificationStatus.Crash : VerificationStatus.Ok,
            Reason = crashed ? $"threw InvalidOperationException on {payload}" : null,
            MeanNs = crashed ? null : mean,
            ErrorNs = crashed ? null : mean * (0.01 + (seed % 7 / 100.0)),
            AllocatedBytes = crashed ? null : count * (100 + (contender * 11)),
            PayloadBytes = crashed ? null : count * (90 + (contender % 5 * 13)),
            Ratio = crashed ? null : 1 + (contender * 0.1),
            Baseline = "contender-00",
            RoundsNs = crashed ? null : rounds,
        };
    }
}
