using System.Globalization;

namespace SerBench.Core.UserData;

/// <summary>
/// One of the user's JSON documents as its file's bytes (<c>run --data</c> drops a byte order mark, <c>conformance</c> keeps
/// it): the payload of the document-model contenders, which the gate compares as documents, not objects.
/// </summary>
public sealed class JsonData(string name, byte[] utf8)
{
    /// <summary>The document's name in reports: its file name inside the data set.</summary>
    public string Name { get; } = name;

    public byte[] Utf8 { get; } = utf8;

    public override string ToString() => string.Create(CultureInfo.InvariantCulture, $"{Name} ({Utf8.Length:N0} bytes)");
}
