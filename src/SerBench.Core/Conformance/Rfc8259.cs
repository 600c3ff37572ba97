using System.Buffers;
using System.Globalization;
using System.Text;

namespace SerBench.Core.Conformance;

/// <summary>
/// What RFC 8259 says about one text. <paramref name="Leeway"/> names each clause that makes another outcome right too
/// (a valid text a parser may refuse, an invalid one it may read); empty when only one outcome is right.
/// </summary>
internal sealed record RfcCheck(bool Valid, string? Problem, IReadOnlyList<string> Leeway);

/// <summary>
/// Independent of every library it judges, so conformance verdicts lean on none; iterative, so any depth reads without
/// recursion; strict UTF-8 (§8.1); the first error by line and column (in characters).
/// </summary>
internal static class Rfc8259
{
    /// <summary>The §9 leeway starts past 64, the default limit of System.Text.Json and Newtonsoft.Json.</summary>
    public const int CommonDepthLimit = 64;

    internal const string DepthClause = "RFC 8259 §9: a parser may limit the depth of nesting";
    internal const string NumberClause = "RFC 8259 §6: a parser may limit the range and precision of numbers";
    internal const string DuplicateClause = "RFC 8259 §4: names within an object should be unique; with duplicates, behaviour is unpredictable";
    internal const string SurrogateClause = "RFC 8259 §8.2: a string with a lone surrogate may be handled unpredictably";
    internal const string BomClause = "RFC 8259 §8.1: a parser may ignore a byte order mark";

    private const string NoComments = "a comment: JSON has no comments";

    private static readonly byte[] Bom = [0xEF, 0xBB, 0xBF];

    public static RfcCheck Check(ReadOnlySpan<byte> text)
    {
        if (!text.StartsWith(Bom))
        {
            return new Scanner(text, 0).Run();
        }

        // A byte order mark is not JSON text, but a parser may ignore it: what follows decides.
        var rest = new Scanner(text, Bom.Length).Run();
        return rest.Valid
            ? new RfcCheck(false, "line 1, column 1: a byte order mark (U+FEFF) is not part of JSON text", [.. rest.Leeway, BomClause])
            : rest;
    }

    private ref struct Scanner
    {
        private readonly ReadOnlySpan<byte> _text;
        private readonly List<string> _leeway = [];

        // An object's names so far (for duplicates), or null for an array.
        private readonly Stack<HashSet<string>?> _open = new();

        private int _position;
        private int _line = 1;
        private int _lineStart;
        private int _deepest;

        public Scanner(ReadOnlySpan<byte> text, int start)
        {
            _text = text;
            _position = start;
        }

        public RfcCheck Run()
        {
            try
            {
                Document();
                if (_deepest > CommonDepthLimit)
                {
                    Grant(DepthClause, _deepest.ToString("N0", CultureInfo.InvariantCulture) + " levels deep");
                }

                return new RfcCheck(true, null, [.. _leeway]);
            }
            catch (NotJsonException exception)
            {
                return new RfcCheck(false, exception.Message, []);
            }
        }

        private void Document()
        {
            SkipWhitespace();
            if (AtEnd)
            {
                throw Error("the text is empty: JSON text is one value");
            }

            while (true)
            {
                // A value; then close what it ends, until a comma opens the next value or the document ends.
                var opened = Value();
                if (opened)
                {
                    continue;
                }

                while (true)
                {
                    SkipWhitespace();
                    if (_open.Count == 0)
                    {
                        if (!AtEnd)
                        {
                            throw Error(Next == '/' ? NoComments : $"more than one value: {Found()} after the end of the document");
                        }

                        return;
                    }

                    var inObject = _open.Peek() is not null;
                    var close = inObject ? (byte)'}' : (byte)']';
                    if (Next == close)
                    {
                        _position++;
                        _open.Pop();
                        continue;
                    }

                    if (Next != ',')
                    {
                        throw Error(Next == '/' ? NoComments : $"expected ',' or '{(char)close}' after {(inObject ? "a member" : "an element")}, found {Found()}");
                    }

                    _position++;
                    SkipWhitespace();
                    if (Next == close)
                    {
                        throw Error($"a trailing comma before '{(char)close}'");
                    }

                    if (inObject)
                    {
                        Member();
                    }

                    break;
                }
            }
        }

        /// <summary>Reads a value; true when it opened an object or array that holds a first value to read next.</summary>
        private bool Value()
        {
            SkipWhitespace();
            switch (Next)
            {
                case (byte)'{':
                    if (!Open(new HashSet<string>(StringComparer.Ordinal), (byte)'}'))
                    {
                        return false;
                    }

                    Member();
                    return true;
                case (byte)'[':
                    return Open(null, (byte)']');
                case (byte)'"':
                    String(null);
                    return false;
                case (byte)'-' or (>= (byte)'0' and <= (byte)'9'):
                    Number();
                    return false;
                case (byte)'t' or (byte)'f' or (byte)'n':
                    Literal(Next == 't' ? "true"u8 : Next == 'f' ? "false"u8 : "null"u8);
                    return false;
                case (byte)'/':
                    throw Error(NoComments);
                default:
                    throw Error($"expected a value, found {Found()}");
            }
        }

        /// <summary>Opens an object (with a set for its names) or array; false when it closes at once, empty.</summary>
        private bool Open(HashSet<string>? names, byte close)
        {
            _position++;
            _open.Push(names);
            _deepest = Math.Max(_deepest, _open.Count);
            SkipWhitespace();
            if (Next != close)
            {
                return true;
            }

            _position++;
            _open.Pop();
            return false;
        }

        /// <summary>A member's name and colon; the value follows.</summary>
        private void Member()
        {
            SkipWhitespace();
            if (Next != '"')
            {
                throw Error(Next == '/' ? NoComments : $"expected a member name in double quotes, found {Found()}");
            }

            var name = new StringBuilder();
            String(name);
            if (!_open.Peek()!.Add(name.ToString()))
            {
                Grant(DuplicateClause, $"\"{Clip(name.ToString())}\"");
            }

            SkipWhitespace();
            if (Next != ':')
            {
                throw Error($"expected ':' after a member name, found {Found()}");
            }

            _position++;
        }

        /// <summary>A string; its value goes to <paramref name="value"/> when given (member names, for duplicates).</summary>
        private void String(StringBuilder? value)
        {
            var start = _position++;
            var pendingHigh = false;
            while (true)
            {
                if (AtEnd)
                {
                    _position = start;
                    throw Error("a string that is never closed");
                }

                var b = _text[_position];
                if (b == '"')
                {
                    _position++;
                    break;
                }

                if (pendingHigh && b != '\\')
                {
                    LoneSurrogate();
                    pendingHigh = false;
                }

                if (b < 0x20)
                {
                    throw Error($"a control character (U+{b:X4}) inside a string: it must be escaped");
                }

                if (b == '\\')
                {
                    pendingHigh = Escape(value, pendingHigh);
                    continue;
                }

                if (b < 0x80)
                {
                    value?.Append((char)b);
                    _position++;
                    continue;
                }

                if (Rune.DecodeFromUtf8(_text[_position..], out var rune, out var length) != OperationStatus.Done)
                {
                    throw Error($"invalid UTF-8 (byte 0x{b:X2}): JSON text must be UTF-8");
                }

                value?.Append(rune.ToString());
                _position += length;
            }

            if (pendingHigh)
            {
                LoneSurrogate();
            }
        }

        /// <summary>Reads one escape; returns whether it was a high surrogate still waiting for its low half.</summary>
        private bool Escape(StringBuilder? value, bool pendingHigh)
        {
            _position++;
            var kind = AtEnd ? (byte)0 : _text[_position];
            if (kind != 'u')
            {
                if (pendingHigh)
                {
                    LoneSurrogate();
                }

                var decoded = kind switch
                {
                    (byte)'"' => '"',
                    (byte)'\\' => '\\',
                    (byte)'/' => '/',
                    (byte)'b' => '\b',
                    (byte)'f' => '\f',
                    (byte)'n' => '\n',
                    (byte)'r' => '\r',
                    (byte)'t' => '\t',
                    _ => throw Error($"an invalid escape: '\\' followed by {Found()}"),
                };
                value?.Append(decoded);
                _position++;
                return false;
            }

            _position++;
            if (_position + 4 > _text.Length || !int.TryParse(_text.Slice(_position, 4), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out var code))
            {
                throw Error("a \\u escape needs four hexadecimal digits");
            }

            _position += 4;
            var c = (char)code;
            value?.Append(c);
            if (char.IsLowSurrogate(c) != pendingHigh)
            {
                LoneSurrogate();
            }

            return char.IsHighSurrogate(c);
        }

        private void LoneSurrogate() => Grant(SurrogateClause, "\\u escapes that are not a surrogate pair");

        private void Number()
        {
            var start = _position;
            if (Next == '-')
            {
                _position++;
            }

            if (Next == '0')
            {
                _position++;
                if (IsDigit(Next))
                {
                    throw Error("a number with a leading zero");
                }
            }
            else if (!Digits())
            {
                throw Error($"a number needs a digit after '-', found {Found()}");
            }

            if (Next == '.')
            {
                _position++;
                if (!Digits())
                {
                    throw Error($"a number needs a digit after '.', found {Found()}");
                }
            }

            if (Next is (byte)'e' or (byte)'E')
            {
                _position++;
                if (Next is (byte)'+' or (byte)'-')
                {
                    _position++;
                }

                if (!Digits())
                {
                    throw Error($"a number needs a digit in its exponent, found {Found()}");
                }
            }

            var number = Encoding.ASCII.GetString(_text[start.._position]);
            if (BeyondDouble(number) is { } why)
            {
                Grant(NumberClause, $"{Clip(number)}: {why}");
            }
        }

        private bool Digits()
        {
            var start = _position;
            while (IsDigit(Next))
            {
                _position++;
            }

            return _position > start;
        }

        private void Literal(ReadOnlySpan<byte> literal)
        {
            if (!_text[_position..].StartsWith(literal))
            {
                throw Error($"expected '{Encoding.ASCII.GetString(literal)}', found {Found()}");
            }

            _position += literal.Length;
        }

        private void SkipWhitespace()
        {
            while (!AtEnd)
            {
                switch (_text[_position])
                {
                    case (byte)' ' or (byte)'\t' or (byte)'\r':
                        _position++;
                        break;
                    case (byte)'\n':
                        _position++;
                        _line++;
                        _lineStart = _position;
                        break;
                    default:
                        return;
                }
            }
        }

        private readonly bool AtEnd => _position >= _text.Length;

        /// <summary>The next byte, or 0 at the end (never valid where a token is expected, so every check fails there).</summary>
        private readonly byte Next => AtEnd ? (byte)0 : _text[_position];

        private static bool IsDigit(byte b) => b is >= (byte)'0' and <= (byte)'9';

        private readonly void Grant(string clause, string example)
        {
            if (!_leeway.Any(l => l.StartsWith(clause, StringComparison.Ordinal)))
            {
                _leeway.Add($"{clause} ({example})");
            }
        }

        /// <summary>What stands at the current position, for a message: <c>','</c>, <c>U+00E9</c>, <c>byte 0xFF</c>, or the end.</summary>
        private readonly string Found()
        {
            if (AtEnd)
            {
                return "the end of the text";
            }

            var b = _text[_position];
            return b is >= 0x21 and < 0x7F ? $"'{(char)b}'"
                : Rune.DecodeFromUtf8(_text[_position..], out var rune, out _) == OperationStatus.Done ? $"U+{rune.Value:X4}"
                : $"byte 0x{b:X2} (not UTF-8)";
        }

        private readonly NotJsonException Error(string what)
        {
            // Columns count characters: every byte that does not continue a UTF-8 sequence starts one.
            var column = 1;
            for (var i = _lineStart; i < _position && i < _text.Length; i++)
            {
                if ((_text[i] & 0xC0) != 0x80)
                {
                    column++;
                }
            }

            return new NotJsonException($"line {_line}, column {column}: {what}");
        }
    }

    /// <summary>Why a number is beyond what an IEEE 754 double holds (the interoperable range of RFC 8259 §6); null when it is not.</summary>
    internal static string? BeyondDouble(string number)
    {
        var value = double.Parse(number, NumberStyles.Float, CultureInfo.InvariantCulture);
        var mantissa = number.AsSpan(0, number.AsSpan().IndexOfAny('e', 'E') is var e and >= 0 ? e : number.Length);
        var digits = mantissa.ToString().Replace("-", "", StringComparison.Ordinal).Replace(".", "", StringComparison.Ordinal).Trim('0');
        if (double.IsInfinity(value))
        {
            return "beyond the range of a double";
        }

        if (value == 0 && digits.Length > 0)
        {
            return "too small for a double: it reads as 0";
        }

        if (mantissa.IndexOf('.') < 0 && number.AsSpan().IndexOfAny('e', 'E') < 0 && Math.Abs(value) > 9007199254740991)
        {
            return "an integer beyond ±(2^53 - 1)";
        }

        return digits.Length > 17 ? "more significant digits than a double holds" : null;
    }

    private static string Clip(string text) => text.Length > 40 ? text[..37] + "..." : text;

    private sealed class NotJsonException(string message) : Exception(message);
}
