using System.Text;
using System.Text.Json;

namespace SerBench.Core.Verification;

// Both texts read token by token in step, with no tree: the usual case (same data, perhaps other escapes or number text)
// allocates only for the change it reports. Where the texts part, the trees name what changed.
internal static partial class JsonTextComparer
{
    /// <summary>
    /// False when the texts do not line up token by token (data changed, members moved, text invalid); true with the
    /// form change the tree comparison would report first, or null.
    /// </summary>
    private static bool TryCompareInStep(ReadOnlySpan<byte> original, ReadOnlySpan<byte> written, string root, out JsonChange? form)
    {
        original = StripBom(original);
        written = StripBom(written);
        var left = new Utf8JsonReader(original, ReaderOptions);
        var right = new Utf8JsonReader(written, ReaderOptions);
        var found = new Found(ContinueAfterData: false);
        var frames = new List<Frame>();
        var values = 0;
        form = null;
        try
        {
            while (left.Read())
            {
                if (!right.Read() || left.TokenType != right.TokenType)
                {
                    return false;
                }

                switch (left.TokenType)
                {
                    case JsonTokenType.PropertyName:
                        if (!SameName(ref left, ref right, out var escaped))
                        {
                            return false;
                        }

                        frames[^1] = frames[^1] with { LeftName = (int)left.TokenStartIndex, RightName = (int)right.TokenStartIndex, NameEscaped = escaped };
                        continue;
                    case JsonTokenType.EndObject or JsonTokenType.EndArray:
                        frames.RemoveAt(frames.Count - 1);
                        EndValue(original, written, frames, root, found);
                        continue;
                }

                values++;
                if (frames.Count > 0 && frames[^1].IsArray)
                {
                    frames[^1] = frames[^1] with { Count = frames[^1].Count + 1 };
                }

                if (left.TokenType is JsonTokenType.StartObject or JsonTokenType.StartArray)
                {
                    frames.Add(new Frame(left.TokenType == JsonTokenType.StartArray));
                    continue;
                }

                if (!left.ValueSpan.SequenceEqual(right.ValueSpan) && !SameScalar(ref left, ref right, original, frames, root, found))
                {
                    return false;
                }

                EndValue(original, written, frames, root, found);
            }

            // Trailing text or an empty document: the tree parse says what is wrong.
            if (right.Read() || values == 0)
            {
                return false;
            }
        }
        catch (JsonException)
        {
            return false;
        }

        form = found.Form;
        return true;
    }

    // Per open container: the index of its current item, or where its current member's name starts in each text.
    private readonly record struct Frame(bool IsArray, int Count = 0, int LeftName = 0, int RightName = 0, bool NameEscaped = false);

    private static bool SameName(ref Utf8JsonReader left, ref Utf8JsonReader right, out bool escaped)
    {
        escaped = !left.ValueSpan.SequenceEqual(right.ValueSpan);
        return !escaped || (TryGetString(ref left) is { } name && name == TryGetString(ref right));
    }

    // Numbers and strings whose text differs: the tree's own rules, so the message is the same; false is a data change.
    private static bool SameScalar(ref Utf8JsonReader left, ref Utf8JsonReader right, ReadOnlySpan<byte> original, List<Frame> frames, string root, Found found)
    {
        var path = found.Form is null ? PathOf(original, frames, root) : "";
        if (left.TokenType == JsonTokenType.Number)
        {
            return CompareNumbers(Encoding.UTF8.GetString(left.ValueSpan), Encoding.UTF8.GetString(right.ValueSpan), path, found) is null;
        }

        var expected = new Node { Kind = JsonTokenType.String, Raw = Encoding.UTF8.GetString(left.ValueSpan), Text = TryGetString(ref left) };
        var actual = new Node { Kind = JsonTokenType.String, Raw = Encoding.UTF8.GetString(right.ValueSpan), Text = TryGetString(ref right) };
        return CompareStrings(expected, actual, path, found) is null;
    }

    // After a member's value, as the tree does: its name's escapes count only when nothing inside it changed form.
    private static void EndValue(ReadOnlySpan<byte> original, ReadOnlySpan<byte> written, List<Frame> frames, string root, Found found)
    {
        if (frames.Count == 0 || frames[^1] is not { IsArray: false, NameEscaped: true } member)
        {
            return;
        }

        frames[^1] = member with { NameEscaped = false };
        found.Form ??= new JsonChange(JsonChangeKind.Form, PathOf(original, frames, root),
            $"property name escaped differently: \"{Clip(NameAt(original, member.LeftName).Raw)}\" written as \"{Clip(NameAt(written, member.RightName).Raw)}\"");
    }

    private static string PathOf(ReadOnlySpan<byte> original, List<Frame> frames, string root)
    {
        var path = root;
        foreach (var frame in frames)
        {
            path = frame.IsArray ? $"{path}[{frame.Count - 1}]" : Member(path, NameAt(original, frame.LeftName).Name);
        }

        return path;
    }

    private static (string Name, string Raw) NameAt(ReadOnlySpan<byte> text, int start)
    {
        var reader = new Utf8JsonReader(text[start..], ReaderOptions);
        reader.Read();
        var raw = Encoding.UTF8.GetString(reader.ValueSpan);
        return (TryGetString(ref reader) ?? raw, raw);
    }
}
