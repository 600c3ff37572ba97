using System.Buffers;
using System.Globalization;
using System.Text;
using System.Text.Json;

namespace SerBench.Core.Verification;

// The document as written, for the comparer: members in order with duplicates, raw tokens, numbers as exact values.
internal static partial class JsonTextComparer
{
    /// <summary>Deeper user documents are refused when loaded.</summary>
    public const int MaxDepth = 256;

    /// <summary>Strict JSON (no comments, no trailing commas) for every user document.</summary>
    public static JsonReaderOptions ReaderOptions => new() { MaxDepth = MaxDepth };

    /// <summary>Throws <see cref="JsonException"/> with line and position.</summary>
    public static Node Parse(ReadOnlySpan<byte> utf8)
    {
        var reader = new Utf8JsonReader(StripBom(utf8), ReaderOptions);
        if (!reader.Read())
        {
            throw new JsonException("the document is empty");
        }

        var node = Read(ref reader);
        if (reader.Read())
        {
            throw new JsonException($"more than one value: '{(char)reader.ValueSpan[0]}' after the end of the document");
        }

        return node;
    }

    private static ReadOnlySpan<byte> StripBom(ReadOnlySpan<byte> utf8) => utf8.StartsWith("\uFEFF"u8) ? utf8[3..] : utf8;

    public sealed class Node
    {
        public required JsonTokenType Kind { get; init; }

        /// <summary>Escapes included, strings without their quotes; empty for objects and arrays.</summary>
        public string Raw { get; init; } = "";

        /// <summary>Null when the escapes do not form valid UTF-16 (a lone surrogate).</summary>
        public string? Text { get; init; }

        /// <summary>In document order, duplicates kept; an array's items have null names.</summary>
        public List<(string? Name, string RawName, Node Value)> Children { get; } = [];
    }

    private static Node Read(ref Utf8JsonReader reader)
    {
        switch (reader.TokenType)
        {
            case JsonTokenType.StartObject:
                var obj = new Node { Kind = JsonTokenType.StartObject };
                while (reader.Read() && reader.TokenType != JsonTokenType.EndObject)
                {
                    var rawName = Encoding.UTF8.GetString(reader.HasValueSequence ? reader.ValueSequence.ToArray() : reader.ValueSpan);
                    var name = TryGetString(ref reader);
                    reader.Read();
                    obj.Children.Add((name ?? rawName, rawName, Read(ref reader)));
                }

                return obj;
            case JsonTokenType.StartArray:
                var array = new Node { Kind = JsonTokenType.StartArray };
                while (reader.Read() && reader.TokenType != JsonTokenType.EndArray)
                {
                    array.Children.Add((null, "", Read(ref reader)));
                }

                return array;
            case JsonTokenType.String:
                var raw = Encoding.UTF8.GetString(reader.HasValueSequence ? reader.ValueSequence.ToArray() : reader.ValueSpan);
                return new Node { Kind = JsonTokenType.String, Raw = raw, Text = TryGetString(ref reader) };
            case JsonTokenType.Number:
                return new Node { Kind = JsonTokenType.Number, Raw = Encoding.UTF8.GetString(reader.ValueSpan) };
            default:
                // true, false, null: the token type says everything.
                return new Node { Kind = reader.TokenType == JsonTokenType.False ? JsonTokenType.True : reader.TokenType, Raw = reader.TokenType.ToString() };
        }
    }

    private static string? TryGetString(ref Utf8JsonReader reader)
    {
        try
        {
            return reader.GetString();
        }
        catch (InvalidOperationException)
        {
            return null; // \uD800 alone: escapes that are valid JSON but not valid UTF-16 text.
        }
    }

    /// <summary>Normalised exact value: <c>30</c>, <c>30.0</c> and <c>3e1</c> are equal; <c>-0</c> and <c>0</c> are not.</summary>
    private readonly record struct ExactNumber(bool Negative, string Digits, long Exponent)
    {
        public bool IsZero => Digits.Length == 0;

        public bool IsInteger(string text) => text.AsSpan().IndexOfAny('.', 'e', 'E') < 0;

        public static ExactNumber Parse(string text)
        {
            var span = text.AsSpan();
            var negative = span.Length > 0 && span[0] == '-';
            if (negative)
            {
                span = span[1..];
            }

            long exponent = 0;
            var e = span.IndexOfAny('e', 'E');
            if (e >= 0)
            {
                // An exponent too large for a long is clamped: 1e99999999999999999999 is still "beyond double".
                exponent = long.TryParse(span[(e + 1)..], NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var parsed)
                    ? parsed
                    : span[e + 1] == '-' ? long.MinValue / 2 : long.MaxValue / 2;
                span = span[..e];
            }

            var dot = span.IndexOf('.');
            var digits = new StringBuilder(span.Length);
            if (dot >= 0)
            {
                digits.Append(span[..dot]).Append(span[(dot + 1)..]);
                exponent -= span.Length - dot - 1;
            }
            else
            {
                digits.Append(span);
            }

            var all = digits.ToString().TrimStart('0');
            var trimmed = all.TrimEnd('0');
            exponent += all.Length - trimmed.Length;
            return new ExactNumber(negative, trimmed, trimmed.Length == 0 ? 0 : exponent);
        }
    }
}
