using System.Globalization;
using System.Text;
using System.Text.Json;
using SerBench.Core.Verification;

namespace SerBench.Core.UserData;

/// <summary>Every value at one place (<c>$.orders[*].price</c>) in every document: the model grows with structure, not size.</summary>
/// <param name="path">Where the values are, <c>$.orders[*].price</c>.</param>
/// <param name="maps">Places read as maps: every value of such an object goes to one place, <c>$.events.*</c>.</param>
internal sealed class JsonShape(string path, IReadOnlySet<string>? maps = null)
{
    public string Path { get; } = path;

    public int Nulls { get; private set; }

    public int Bools { get; private set; }

    public int Strings { get; private set; }

    public NumberShape? Numbers { get; private set; }

    public ObjectShape? Object { get; private set; }

    public ArrayShape? Array { get; private set; }

    /// <summary>The first string with a lone surrogate escape, as written.</summary>
    public string? LoneSurrogate { get; private set; }

    /// <summary>Besides null; <see cref="JsonValueKind.True"/> stands for booleans.</summary>
    public IEnumerable<JsonValueKind> Kinds() =>
        new (bool Seen, JsonValueKind Kind)[]
        {
            (Object is not null, JsonValueKind.Object),
            (Array is not null, JsonValueKind.Array),
            (Strings > 0, JsonValueKind.String),
            (Numbers is not null, JsonValueKind.Number),
            (Bools > 0, JsonValueKind.True),
        }.Where(k => k.Seen).Select(k => k.Kind);

    public void Add(ref Utf8JsonReader reader)
    {
        switch (reader.TokenType)
        {
            case JsonTokenType.StartObject:
                (Object ??= new ObjectShape(Path, maps)).Add(ref reader);
                break;
            case JsonTokenType.StartArray:
                (Array ??= new ArrayShape(new JsonShape(Path + "[*]", maps))).Add(ref reader);
                break;
            case JsonTokenType.String:
                Strings++;
                if (LoneSurrogate is null && reader.ValueIsEscaped && TryGetString(ref reader) is null)
                {
                    LoneSurrogate = Encoding.UTF8.GetString(reader.ValueSpan);
                }

                break;
            case JsonTokenType.Number:
                (Numbers ??= new NumberShape()).Add(ref reader);
                break;
            case JsonTokenType.Null:
                Nulls++;
                break;
            default:
                Bools++;
                break;
        }
    }

    /// <summary>Null for a lone surrogate escape.</summary>
    public static string? TryGetString(ref Utf8JsonReader reader)
    {
        try
        {
            return reader.GetString() ?? "";
        }
        catch (InvalidOperationException)
        {
            return null;
        }
    }

    /// <summary><c>$.name</c> for a plain name, <c>$["first-name"]</c> for any other.</summary>
    public static string Member(string path, string name) =>
        name.Length > 0 && !char.IsAsciiDigit(name[0]) && name.All(c => char.IsAsciiLetterOrDigit(c) || c == '_') ? $"{path}.{name}" : $"{path}[{ObjectComparer.Quote(name)}]";
}

internal sealed class ObjectShape(string path, IReadOnlySet<string>? maps = null)
{
    private readonly Dictionary<string, MemberShape> _byName = new(StringComparer.Ordinal);

    public int Count { get; private set; }

    /// <summary>Empty for a map: its keys are data, counted in <see cref="MapKeys"/>.</summary>
    public List<MemberShape> Members { get; } = [];

    /// <summary>Every value of a map, whatever its key; null for an object read member by member.</summary>
    public JsonShape? MapValue { get; } = maps?.Contains(path) == true ? new JsonShape(path + ".*", maps) : null;

    /// <summary>A few of a map's keys, for notes.</summary>
    public List<string> MapKeys { get; } = [];

    public void Add(ref Utf8JsonReader reader)
    {
        Count++;
        if (MapValue is { } value)
        {
            while (reader.Read() && reader.TokenType != JsonTokenType.EndObject)
            {
                if (MapKeys.Count < 3)
                {
                    MapKeys.Add(JsonShape.TryGetString(ref reader) ?? Encoding.UTF8.GetString(reader.ValueSpan));
                }

                reader.Read();
                value.Add(ref reader);
            }

            return;
        }

        var seen = new HashSet<string>(StringComparer.Ordinal);
        MemberShape? previous = null;
        while (reader.Read() && reader.TokenType != JsonTokenType.EndObject)
        {
            var name = JsonShape.TryGetString(ref reader);
            var unreadable = name is null;
            name ??= Encoding.UTF8.GetString(reader.ValueSpan);
            if (!_byName.TryGetValue(name, out var member))
            {
                // A member first seen here goes after the one it follows here, so an optional member keeps its place.
                member = _byName[name] = new MemberShape(name, new JsonShape(JsonShape.Member(path, name), maps));
                Members.Insert(previous is null ? 0 : Members.IndexOf(previous) + 1, member);
            }

            member.UnreadableName |= unreadable;
            if (seen.Add(name))
            {
                member.Present++;
            }
            else
            {
                member.Duplicated = true;
            }

            reader.Read();
            member.Value.Add(ref reader);
            previous = member;
        }
    }
}

internal sealed class MemberShape(string name, JsonShape value)
{
    public string Name { get; } = name;

    public JsonShape Value { get; } = value;

    public int Present { get; set; }

    public bool Duplicated { get; set; }

    /// <summary>A lone surrogate escape: <see cref="Name"/> is its escaped text.</summary>
    public bool UnreadableName { get; set; }
}

internal sealed class ArrayShape(JsonShape element)
{
    public JsonShape Element { get; } = element;

    public void Add(ref Utf8JsonReader reader)
    {
        while (reader.Read() && reader.TokenType != JsonTokenType.EndArray)
        {
            Element.Add(ref reader);
        }
    }
}

/// <summary>
/// For each .NET number type, the first number it cannot hold: read by System.Text.Json and written back shortest, the
/// value must be the same (<c>1.10</c> written <c>1.1</c> is; <c>-0</c> written <c>0</c> is not); for double, the same
/// double, so text of up to 17 significant digits is held.
/// </summary>
internal sealed class NumberShape
{
    public bool AllIntegers => FirstFraction is null;

    public string? FirstInteger { get; private set; }

    public string? FirstFraction { get; private set; }

    public string? NotInt { get; private set; }

    public string? NotLong { get; private set; }

    public string? NotDecimal { get; private set; }

    public string? NotDouble { get; private set; }

    public void Add(ref Utf8JsonReader reader)
    {
        var text = Encoding.UTF8.GetString(reader.ValueSpan);
        if (text.AsSpan().IndexOfAny('.', 'e', 'E') < 0)
        {
            FirstInteger ??= text;
        }
        else
        {
            FirstFraction ??= text;
        }

        var invariant = CultureInfo.InvariantCulture;
        if (NotInt is null && !(reader.TryGetInt32(out var i) && JsonTextComparer.SameNumber(text, i.ToString(invariant))))
        {
            NotInt = text;
        }

        if (NotLong is null && !(reader.TryGetInt64(out var l) && JsonTextComparer.SameNumber(text, l.ToString(invariant))))
        {
            NotLong = text;
        }

        if (NotDecimal is null && !(reader.TryGetDecimal(out var m) && JsonTextComparer.SameNumber(text, m.ToString(invariant))))
        {
            NotDecimal = text;
        }

        // By value, as the gate judges: -65.613616999999977 written -65.61361699999998 is the same double; 1.0000000000000000001 is not held.
        if (NotDouble is null && !(reader.TryGetDouble(out var d) && double.IsFinite(d)
                                   && (JsonTextComparer.SameNumber(text, d.ToString("R", invariant)) || Conformance.Rfc8259.BeyondDouble(text) is null)))
        {
            NotDouble = text;
        }
    }
}
