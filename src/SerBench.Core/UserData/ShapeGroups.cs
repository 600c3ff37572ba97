using System.Text.Json;
using SerBench.Core.Verification;

namespace SerBench.Core.UserData;

/// <summary>
/// Which documents share one model: the same kind of root, and more than half of their places in common, or the places of
/// one all in the other (an empty list, members left out) — places being the paths down to <see cref="Depth"/> levels of
/// objects, a map's keys counted as one. A document joins the first group whose first document it fits; documents that fit
/// no group start their own, so unrelated documents never make one union model.
/// </summary>
internal static class ShapeGroups
{
    public const int Depth = 3;

    /// <summary>Indexes into <paramref name="documents"/>, each group in document order.</summary>
    public static IReadOnlyList<IReadOnlyList<int>> Of(IReadOnlyList<JsonData> documents)
    {
        var groups = new List<(JsonTokenType Root, HashSet<string> Places, List<int> Members)>();
        for (var i = 0; i < documents.Count; i++)
        {
            var (root, places) = Signature(documents[i]);
            var group = groups.FindIndex(g => g.Root == root && Fits(g.Places, places));
            if (group < 0)
            {
                groups.Add((root, places, [i]));
            }
            else
            {
                groups[group].Members.Add(i);
            }
        }

        return [.. groups.Select(g => (IReadOnlyList<int>)g.Members)];
    }

    // Jaccard similarity over 0.5, or a subset; two documents with no places (empty objects, arrays of numbers) fit.
    private static bool Fits(HashSet<string> first, HashSet<string> other)
    {
        var common = first.Count(other.Contains);
        return common == Math.Min(first.Count, other.Count) || common * 2 > first.Count + other.Count - common;
    }

    private static (JsonTokenType Root, HashSet<string> Places) Signature(JsonData document)
    {
        var utf8 = document.Utf8.AsSpan();
        var reader = new Utf8JsonReader(utf8.StartsWith("\uFEFF"u8) ? utf8[3..] : utf8, JsonTextComparer.ReaderOptions);
        reader.Read();
        var root = reader.TokenType;
        var shape = new JsonShape("$");
        shape.Add(ref reader);
        var places = new HashSet<string>(StringComparer.Ordinal);
        Collect(shape, "$", 0, places);
        return (root, places);
    }

    private static void Collect(JsonShape shape, string path, int depth, HashSet<string> places)
    {
        if (shape.Array is { } array)
        {
            Collect(array.Element, path + "[*]", depth, places);
        }

        if (shape.Object is not { } obj || depth == Depth)
        {
            return;
        }

        var map = MapRule.Why(obj) is not null;
        foreach (var member in obj.Members)
        {
            var place = map ? path + ".*" : JsonShape.Member(path, member.Name);
            places.Add(place);
            Collect(member.Value, place, depth + 1, places);
        }
    }
}
