using System.Globalization;
using SerBench.Core.Payloads;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Core.Results;

/// <summary>The one text form and parser of a cell's shape, operation and status; everywhere else they are enums (a test checks).</summary>
internal static class CellText
{
    /// <summary><c>object</c>, <c>list</c>, <c>many</c>, <c>threads</c>.</summary>
    public static string Name(Shape shape) => shape switch
    {
        Shape.Object => "object",
        Shape.List => "list",
        Shape.Many => "many",
        Shape.Threads => "threads",
        _ => throw new ArgumentOutOfRangeException(nameof(shape), shape, null),
    };

    /// <summary><c>serialize</c>, <c>deserialize</c>, <c>roundtrip</c>, <c>serialize-stream</c>, <c>deserialize-stream</c>, <c>serialize-pipe</c>, <c>deserialize-pipe</c>, <c>deserialize-items</c>, <c>first-item</c>, <c>first-call</c>.</summary>
    public static string Name(Operation operation) => operation switch
    {
        Operation.Serialize => "serialize",
        Operation.Deserialize => "deserialize",
        Operation.RoundTrip => "roundtrip",
        Operation.SerializeStream => "serialize-stream",
        Operation.DeserializeStream => "deserialize-stream",
        Operation.SerializePipe => "serialize-pipe",
        Operation.DeserializePipe => "deserialize-pipe",
        Operation.DeserializeItems => "deserialize-items",
        Operation.FirstItem => "first-item",
        Operation.FirstCall => "first-call",
        _ => throw new ArgumentOutOfRangeException(nameof(operation), operation, null),
    };

    /// <summary>Upper case, as printed in every output: <c>OK</c>, <c>DIFFERS</c>, <c>MISMATCH</c>, …</summary>
    public static string Label(VerificationStatus status) => status switch
    {
        VerificationStatus.Ok => "OK",
        VerificationStatus.Differs => "DIFFERS",
        VerificationStatus.Mismatch => "MISMATCH",
        VerificationStatus.Unsupported => "UNSUPPORTED",
        VerificationStatus.Crash => "CRASH",
        VerificationStatus.Unavailable => "UNAVAILABLE",
        _ => throw new ArgumentOutOfRangeException(nameof(status), status, null),
    };

    public static Shape? TryParseShape(string? text) => Find(Enum.GetValues<Shape>(), Name, text);

    public static Operation? TryParseOperation(string? text) => Find(Enum.GetValues<Operation>(), Name, text);

    // Null for any other text, e.g. a BenchmarkDotNet export's "NO RESULT".
    public static VerificationStatus? TryParseStatus(string? text) => Find(Enum.GetValues<VerificationStatus>(), Label, text);

    public static Shape ParseShape(string text) => TryParseShape(text) ?? throw new FormatException($"'{text}' is not a shape.");

    public static Operation ParseOperation(string text) => TryParseOperation(text) ?? throw new FormatException($"'{text}' is not an operation.");

    public static VerificationStatus ParseStatus(string text) => TryParseStatus(text) ?? throw new FormatException($"'{text}' is not a verification status.");

    // In declaration order, for messages that list the valid names.
    public static IReadOnlyList<string> ShapeNames { get; } = [.. Enum.GetValues<Shape>().Select(Name)];

    public static IReadOnlyList<string> OperationNames { get; } = [.. Enum.GetValues<Operation>().Select(Name)];

    public static IReadOnlyList<string> StatusLabels { get; } = [.. Enum.GetValues<VerificationStatus>().Select(Label)];

    /// <summary>A case as tables and progress name it: <c>1 object</c>, <c>list of 1,000</c>, <c>1,000 calls</c>, <c>2 threads</c> (invariant culture).</summary>
    public static string Case(Shape shape, int count) => shape switch
    {
        Shape.Object => "1 object",
        Shape.List => $"list of {Thousands(count)}",
        Shape.Threads => count == 1 ? "1 thread" : $"{Thousands(count)} threads",
        _ => $"{Thousands(count)} calls",
    };

    /// <summary>An operation as a title begins: <c>Serialize</c>, <c>Deserialize</c>, <c>Roundtrip</c>, <c>First-call</c>.</summary>
    public static string Title(Operation operation) => Name(operation) is var name ? char.ToUpperInvariant(name[0]) + name[1..] : "";

    /// <summary>A case where columns are narrow: <c>1 obj</c>, <c>list 1,000</c>, <c>1,000 calls</c>.</summary>
    public static string ShortCase(Shape shape, int count) => shape switch
    {
        Shape.Object => "1 obj",
        Shape.List => $"list {Thousands(count)}",
        Shape.Threads => $"{Thousands(count)} thr",
        _ => $"{Thousands(count)} calls",
    };

    /// <summary>An operation where columns are narrow: <c>ser</c>, <c>deser</c>, <c>round-trip</c>, <c>first-call</c>.</summary>
    public static string ShortName(Operation operation) => operation switch
    {
        Operation.Serialize => "ser",
        Operation.Deserialize => "deser",
        Operation.RoundTrip => "round-trip",
        Operation.SerializeStream => "ser-stream",
        Operation.DeserializeStream => "deser-stream",
        Operation.SerializePipe => "ser-pipe",
        Operation.DeserializePipe => "deser-pipe",
        Operation.DeserializeItems => "deser-items",
        _ => Name(operation),
    };

    /// <summary>The key's text form in messages and compare's identity: <c>web-api · stj · person · list 200 · serialize</c>.</summary>
    public static string Of(CellKey key) => $"{key.Study} · {key.Contender} · {key.Payload} · {Name(key.Shape)} {key.Count} · {Name(key.Operation)}" +
                                           (key.Runtime.Length > 0 ? $" · {key.Runtime}" : "") + (key.Machine.Length > 0 ? $" · {key.Machine}" : "");

    /// <summary>The key as <c>--cells</c> names it: <c>web-api/stj-sourcegen-utf8/person/list/200/serialize</c>.</summary>
    public static string Selector(CellKey key) => $"{key.Study}/{key.Contender}/{key.Payload}/{Name(key.Shape)}/{key.Count.ToString(CultureInfo.InvariantCulture)}/{Name(key.Operation)}";

    private static string Thousands(int count) => count.ToString("N0", CultureInfo.InvariantCulture);

    private static T? Find<T>(T[] values, Func<T, string> name, string? text) where T : struct, Enum
    {
        foreach (var value in values)
        {
            if (string.Equals(name(value), text, StringComparison.Ordinal))
            {
                return value;
            }
        }

        return null;
    }
}
