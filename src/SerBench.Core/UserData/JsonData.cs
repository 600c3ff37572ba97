using System.Globalization;

namespace SerBench.Core.UserData;

/// <summary>
/// One of the user's JSON documents, as the bytes of its file (UTF-8; <c>run --data</c> drops a leading byte order mark, <c>conformance</c> keeps every byte). It is the payload
/// "model" of the document-model contenders: they parse these bytes into their own DOM and write the DOM back.
/// </summary>
/// <remarks>
/// The gate compares documents, not objects: a round trip through a DOM must give back the same data
/// (<see cref="Verification.JsonTextComparer"/> names what changed), so <see cref="Verification.ObjectComparer"/> hands
/// two <see cref="JsonData"/> to that comparer.
/// </remarks>
public sealed class JsonData(string name, byte[] utf8)
{
    /// <summary>The document's name in reports: its file name inside the data set.</summary>
    public string Name { get; } = name;

    /// <summary>The document's UTF-8 text.</summary>
    public byte[] Utf8 { get; } = utf8;

    public override string ToString() => string.Create(CultureInfo.InvariantCulture, $"{Name} ({Utf8.Length:N0} bytes)");
}
