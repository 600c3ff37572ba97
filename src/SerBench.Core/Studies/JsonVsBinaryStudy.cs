using SerBench.Core.Contenders;
using SerBench.Core.Payloads;

namespace SerBench.Core.Studies;

/// <summary>Study 2: JSON against the hand-written binary format, on the SaveGame value.</summary>
internal static class JsonVsBinaryStudy
{
    public static Study Create() => new()
    {
        Name = "json-vs-binary",
        Title = "JSON against a hand-written binary format",
        Source = "a Unity article (JsonUtility vs a hand-written binary writer, one million iterations with a stopwatch)",
        Conventions = JsonConventions.Default,
        Baseline = "stj-string-then-utf8",
        Contenders =
        [
            "stj-string-then-utf8", "stj-reflection-utf8", "stj-sourcegen-utf8", "stj-handwritten",
            "binary-utf16", "binary-utf8", "binary-utf8-unframed", "cbor", "nerdbank-messagepack", "unity-jsonutility",
        ],
        Workloads = [new(PayloadRegistry.SaveGame, Shape.Object, 1, [Operation.Serialize, Operation.Deserialize])],
        Columns = [StudyColumn.PayloadBytes, StudyColumn.Mean, StudyColumn.Error, StudyColumn.Ratio, StudyColumn.Allocated, StudyColumn.AllocRatio],
        Notes =
        [
            "Unity's JsonUtility runs only inside the Unity player; the in-box System.Text.Json takes its place (stj-string-then-utf8 does what the article's JSON side did).",
            "BenchmarkDotNet replaces the article's one-million-iteration stopwatch loop.",
        ],
    };
}
