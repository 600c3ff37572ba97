using System.Globalization;
using System.Text.Json;
using SerBench.Core.Verification;

namespace SerBench.Core.UserData;

/// <summary>Infers the C# types that hold every document of a set, merging what each place (<c>$.orders[*].price</c>) shows.</summary>
/// <remarks>
/// <list type="bullet">
/// <item>Objects are classes, members in document order, JSON names kept; equal member lists share a class, named from
/// the member that holds it (<c>items</c> → <c>Item</c>; the root <c>Root</c> or <c>RootItem</c>), parent first or a number after when taken.</item>
/// <item>Numbers get the first type that holds every value exactly as System.Text.Json writes it: <c>int</c>, <c>long</c>,
/// <c>decimal</c>, <c>double</c>; fractions <c>double</c>, else <c>decimal</c>; <c>-0</c> is <c>double</c> (it alone keeps the sign).
/// A value nothing holds (<c>1e400</c>) stays <c>double</c> with a loss noted.</item>
/// <item>Strings stay strings, dates included; a lone surrogate escape no .NET string holds is a loss.</item>
/// <item>Null somewhere: nullable; only ever null: <c>string?</c>; always-empty arrays: <c>List&lt;string&gt;</c>. Absent
/// somewhere: optional and not written when null; absent and null both: its nulls are lost.</item>
/// <item>Several kinds at one place: <c>object</c> (JsonElement, JToken), which one-type-per-member libraries cannot round-trip.</item>
/// <item>A key twice in one object is one property: a value is lost.</item>
/// <item>An object whose keys are data (<see cref="MapRule"/>, or <c>--map</c>) is <c>Dictionary&lt;string, T&gt;</c>, its values merged into one T.</item>
/// </list>
/// The root must be an object in every document or an array in every one.
/// </remarks>
internal static class ModelInference
{
    /// <summary>A model over this many classes is refused: a map read as a class, most likely, or a sample too varied to model.</summary>
    public const int MaxClasses = 500;

    // Each pass merges the maps found so far, so a map inside a map's values shows in the next; nesting deeper than this is rare.
    private const int MaxPasses = 8;

    /// <exception cref="NotSupportedException">A root is not an object or array, or differs from the others', or the model is too big: a message for the user.</exception>
    public static InferredModel Infer(string dataSetName, IReadOnlyList<JsonData> documents, MapChoices? choices = null)
    {
        ArgumentNullException.ThrowIfNull(dataSetName);
        if (documents.Count == 0)
        {
            throw new ArgumentException("a data set has at least one document", nameof(documents));
        }

        choices ??= MapChoices.None;
        var reasons = choices.Maps.ToDictionary(path => path, _ => "--map", StringComparer.Ordinal);
        var root = Scan(documents, reasons.Keys.ToHashSet(StringComparer.Ordinal));
        for (var pass = 1; pass < MaxPasses; pass++)
        {
            var found = Places(root).Where(p => p.Shape.Object is { MapValue: null } && !choices.NoMaps.Contains(p.Path) && !reasons.ContainsKey(p.Path))
                .Select(p => (p.Path, Why: MapRule.Why(p.Shape.Object!))).Where(p => p.Why is not null).ToList();
            if (found.Count == 0)
            {
                break;
            }

            foreach (var (path, why) in found)
            {
                reasons[path] = why!;
            }

            root = Scan(documents, reasons.Keys.ToHashSet(StringComparer.Ordinal));
        }

        var model = new ModelBuilder(reasons).Build(dataSetName, documents.Count, root);
        var places = Places(root).ToList();
        model = model with
        {
            DocumentNames = Names(documents),
            Places = places.GroupBy(p => p.Path, StringComparer.Ordinal).ToDictionary(g => g.Key, g => Kinds(g.First().Shape), StringComparer.Ordinal),
        };
        if (model.Classes.Count > MaxClasses)
        {
            var widest = places.Where(p => p.Shape.Object is { MapValue: null }).MaxBy(p => p.Shape.Object!.Members.Count);
            throw new NotSupportedException(string.Create(CultureInfo.InvariantCulture,
                $"{Names(documents)}: the model would have {model.Classes.Count:N0} classes, over {MaxClasses}; ") +
                (widest is { } w ? string.Create(CultureInfo.InvariantCulture, $"if the {w.Shape.Object!.Members.Count:N0} keys of {w.Path} are data, --map '{w.Path}' reads it as a map; ") : "") +
                "or give a smaller sample of the documents");
        }

        return model;
    }

    private static string Names(IReadOnlyList<JsonData> documents) =>
        documents.Count == 1 ? documents[0].Name : string.Create(CultureInfo.InvariantCulture, $"{documents[0].Name} and {documents.Count - 1:N0} more");

    private static string Kinds(JsonShape shape) => shape.Object is not null ? "an object" : shape.Array is not null ? "an array" : "a value";

    private static JsonShape Scan(IReadOnlyList<JsonData> documents, IReadOnlySet<string> maps)
    {
        var root = new JsonShape("$", maps);
        (JsonData Document, JsonTokenType Kind)? first = null;
        foreach (var document in documents)
        {
            var utf8 = document.Utf8.AsSpan();
            var reader = new Utf8JsonReader(utf8.StartsWith("\uFEFF"u8) ? utf8[3..] : utf8, JsonTextComparer.ReaderOptions);
            reader.Read();
            if (reader.TokenType is not (JsonTokenType.StartObject or JsonTokenType.StartArray))
            {
                throw new NotSupportedException($"{document.Name} is {Describe(reader.TokenType)} at its root: a typed model needs an object or an array there");
            }

            if (first is { } earlier && earlier.Kind != reader.TokenType)
            {
                throw new NotSupportedException(
                    $"{earlier.Document.Name} is {Describe(earlier.Kind)} at its root and {document.Name} {Describe(reader.TokenType)}: a typed model needs the same root in every document");
            }

            first ??= (document, reader.TokenType);
            root.Add(ref reader);
        }

        return root;
    }

    /// <summary>Every place, depth first: <c>$</c>, <c>$.events</c>, <c>$.events.*</c>, <c>$.items[*]</c>…</summary>
    public static IEnumerable<(string Path, JsonShape Shape)> Places(JsonShape shape)
    {
        yield return (shape.Path, shape);
        var children = new List<JsonShape>();
        if (shape.Object is { } obj)
        {
            children.AddRange(obj.MapValue is { } value ? [value] : obj.Members.Select(m => m.Value));
        }

        if (shape.Array is { } array)
        {
            children.Add(array.Element);
        }

        foreach (var place in children.SelectMany(Places))
        {
            yield return place;
        }
    }

    private static string Describe(JsonTokenType kind) => kind switch
    {
        JsonTokenType.StartObject => "an object",
        JsonTokenType.StartArray => "an array",
        JsonTokenType.String => "a string",
        JsonTokenType.Number => "a number",
        JsonTokenType.Null => "null",
        _ => "a boolean",
    };

    private sealed class ModelBuilder(IReadOnlyDictionary<string, string> mapReasons)
    {
        private readonly Dictionary<string, ClassDraft> _classes = new(StringComparer.Ordinal);
        private readonly List<string> _notes = [];
        private readonly List<string> _losses = [];
        private readonly List<(string Path, TypeRef Type)> _maps = [];

        public InferredModel Build(string dataSetName, int documentCount, JsonShape root)
        {
            var rootType = Resolve(root, new Hint("Root", IsElement: false));
            var ordered = new List<ClassDraft>();
            NameClasses(rootType, parent: null, new HashSet<string>(StringComparer.Ordinal), ordered);
            var classes = ordered.ToDictionary(draft => draft, Finish);
            // After naming: a map's note names its value's class.
            _notes.InsertRange(0, _maps.Select(m => $"{m.Path}: read as a map, {m.Type.CSharp.TrimEnd('?')}: " +
                                                     (mapReasons[m.Path] is var why && why == "--map" ? "you asked for it (--map)" : why + $"; --no-map '{m.Path}' reads it as a class")));
            foreach (var draft in ordered)
            {
                _notes.AddRange(draft.Paths.Skip(1).Select(path => $"{path}: the same members as {draft.Paths[0]}, so the same class, {draft.Name}"));
            }

            var rootClass = rootType;
            while (rootClass.Element is not null)
            {
                rootClass = rootClass.Element;
            }

            return new InferredModel
            {
                DataSetName = dataSetName,
                DocumentCount = documentCount,
                RootType = rootType.CSharp,
                RootClass = rootClass.Class is { } draftOfRoot ? classes[draftOfRoot] : null,
                Classes = [.. ordered.Select(draft => classes[draft])],
                Notes = [.. _notes, .. _losses],
                Losses = _losses,
            };
        }

        private TypeRef Resolve(JsonShape shape, Hint hint)
        {
            var nullable = shape.Nulls > 0;
            if (shape.LoneSurrogate is { } text)
            {
                _losses.Add($"{shape.Path}: \"{Clip(text)}\" is not valid UTF-16 (a lone surrogate escape), so no .NET string holds it");
            }

            var kinds = shape.Kinds().ToList();
            if (kinds.Count == 0)
            {
                _notes.Add(nullable
                    ? $"{shape.Path}: only ever null: string?, a placeholder (any nullable type would do)"
                    : $"{shape.Path}: every array here is empty: elements typed string, a placeholder (any type would do)");
                return new TypeRef(TypeKind.String, nullable);
            }

            if (kinds.Count > 1)
            {
                _notes.Add($"{shape.Path}: holds {string.Join(", ", kinds[..^1].Select(Word))} and {Word(kinds[^1])} values: object, which System.Text.Json reads as JsonElement and " +
                           "Newtonsoft.Json as JToken; libraries that bind one type per member cannot round-trip it");
                return new TypeRef(TypeKind.Object, nullable);
            }

            if (shape.Object?.MapValue is { } mapValue)
            {
                var map = new TypeRef(TypeKind.Map, nullable, Element: Resolve(mapValue, hint.IsElement ? hint : new Hint(CSharpNames.Singular(hint.Name), true)));
                _maps.Add((shape.Path, map));
                return map;
            }

            return kinds[0] switch
            {
                JsonValueKind.Object => new TypeRef(TypeKind.Class, nullable, Class: ResolveClass(shape.Object!, shape.Path, hint.Name)),
                JsonValueKind.Array => new TypeRef(TypeKind.List, nullable, Element: Resolve(shape.Array!.Element, hint.IsElement ? hint : new Hint(CSharpNames.Singular(hint.Name), true))),
                JsonValueKind.String => new TypeRef(TypeKind.String, nullable),
                JsonValueKind.True => new TypeRef(TypeKind.Bool, nullable),
                _ => new TypeRef(Number(shape.Numbers!, shape.Path), nullable),
            };
        }

        private static string Word(JsonValueKind kind) => kind == JsonValueKind.True ? "boolean" : kind.ToString().ToLowerInvariant();

        private ClassDraft ResolveClass(ObjectShape shape, string path, string hint)
        {
            var members = new List<MemberDraft>(shape.Members.Count);
            foreach (var member in shape.Members)
            {
                var optional = member.Present < shape.Count;
                var nullable = member.Value.Nulls > 0;
                var type = Resolve(member.Value, new Hint(CSharpNames.Identifier(member.Name), IsElement: false));
                var where = member.Value.Path;
                if (optional && nullable)
                {
                    _losses.Add(string.Create(CultureInfo.InvariantCulture, $"{where}: absent from {shape.Count - member.Present:N0} of {shape.Count:N0} objects and null in {member.Value.Nulls:N0}: ") +
                                "optional, so its nulls are written back as absent (a property cannot tell absent from null)");
                }

                if (member.Duplicated)
                {
                    _losses.Add($"{where}: written twice in one object: a property holds one of the values (System.Text.Json keeps the last)");
                }

                if (member.UnreadableName)
                {
                    _losses.Add($"{where}: the name is not valid UTF-16 (a lone surrogate escape): the model names it by its escaped text");
                }

                members.Add(new MemberDraft(member.Name, optional ? type with { Nullable = true } : type, optional, nullable));
            }

            // Names are length-prefixed: a JSON name may hold any character, so no separator alone would do.
            var signature = string.Join(";", members.Select(m => $"{m.JsonName.Length}:{m.JsonName}:{m.Type.Key}:{m.Optional}:{m.Nullable}"));
            if (!_classes.TryGetValue(signature, out var draft))
            {
                draft = _classes[signature] = new ClassDraft(_classes.Count, hint, members);
            }

            draft.Paths.Add(path);
            return draft;
        }

        private TypeKind Number(NumberShape numbers, string path)
        {
            if (numbers.AllIntegers)
            {
                if (numbers.NotInt is null)
                {
                    return TypeKind.Int;
                }

                if (numbers.NotLong is null)
                {
                    return Decided(TypeKind.Long, $"long: {Clip(numbers.NotInt)} is beyond int");
                }

                if (numbers.NotDecimal is null)
                {
                    return Decided(TypeKind.Decimal, $"decimal: {Clip(numbers.NotLong)} is beyond long");
                }

                if (numbers.NotDouble is null)
                {
                    var why = IsNegativeZero(numbers.NotDecimal) ? "keeps its sign only in a double" : "is beyond decimal";
                    return Decided(TypeKind.Double, $"double: {Clip(numbers.NotDecimal)} {why}");
                }
            }
            else
            {
                if (numbers.NotDouble is null)
                {
                    return numbers.FirstInteger is { } integer
                        ? Decided(TypeKind.Double, $"double: integers ({Clip(integer)}) and numbers with a fraction or an exponent ({Clip(numbers.FirstFraction!)})")
                        : TypeKind.Double;
                }

                if (numbers.NotDecimal is null)
                {
                    return Decided(TypeKind.Decimal, $"decimal: {Clip(numbers.NotDouble)} does not round-trip through double");
                }
            }

            var value = numbers.NotDouble!;
            var beyond = !double.IsFinite(double.Parse(value, NumberStyles.Float, CultureInfo.InvariantCulture));
            _losses.Add($"{path}: double, though no .NET number type holds {Clip(value)} exactly" +
                        (beyond ? ": it is beyond double's range, so libraries fail to read or to write it" : ": the round trip changes it"));
            return TypeKind.Double;

            TypeKind Decided(TypeKind kind, string note)
            {
                _notes.Add($"{path}: {note}");
                return kind;
            }
        }

        private static bool IsNegativeZero(string number) => number.StartsWith('-') && JsonTextComparer.SameNumber(number[1..], "0");

        private static string Clip(string text) => text.Length > 40 ? text[..37] + "..." : text;

        /// <summary>Names classes from the root down, so a name taken higher up makes a nested one take its parent's name first.</summary>
        private static void NameClasses(TypeRef type, string? parent, HashSet<string> taken, List<ClassDraft> ordered)
        {
            if (type.Element is { } element)
            {
                NameClasses(element, parent, taken, ordered);
            }

            if (type.Class is not { Name: null } draft)
            {
                return;
            }

            bool Free(string name) => !taken.Contains(name) && !CSharpNames.IsReservedClassName(name);
            var wanted = !Free(draft.Hint) && parent is not null && Free(parent + draft.Hint) ? parent + draft.Hint : draft.Hint;
            draft.Name = CSharpNames.Unique(wanted, taken, CSharpNames.IsReservedClassName);
            ordered.Add(draft);
            foreach (var member in draft.Members)
            {
                NameClasses(member.Type, draft.Name, taken, ordered);
            }
        }

        private static InferredClass Finish(ClassDraft draft)
        {
            var taken = new HashSet<string>(CSharpNames.ObjectMembers, StringComparer.Ordinal) { draft.Name! };
            return new InferredClass(draft.Name!,
                [.. draft.Members.Select(m => new InferredMember(m.JsonName, CSharpNames.Unique(CSharpNames.Identifier(m.JsonName), taken), m.Type.CSharp, m.Optional, m.Nullable))],
                draft.Paths);
        }
    }

    // The class name wanted for objects at a place; IsElement once it names a list's element.
    private readonly record struct Hint(string Name, bool IsElement);

    private enum TypeKind
    {
        Bool,
        String,
        Int,
        Long,
        Decimal,
        Double,
        Object,
        Class,
        List,
        Map,
    }

    private sealed record TypeRef(TypeKind Kind, bool Nullable, TypeRef? Element = null, ClassDraft? Class = null)
    {
        // Classes by draft, not by name: names come last.
        public string Key => Kind switch
        {
            TypeKind.Class => $"C{Class!.Id}",
            TypeKind.List => $"L<{Element!.Key}>",
            TypeKind.Map => $"M<{Element!.Key}>",
            _ => Kind.ToString(),
        } + (Nullable ? "?" : "");

        public string CSharp => Kind switch
        {
            TypeKind.Class => Class!.Name!,
            TypeKind.List => $"List<{Element!.CSharp}>",
            TypeKind.Map => $"Dictionary<string, {Element!.CSharp}>",
            _ => Kind.ToString().ToLowerInvariant(), // bool, string, int, long, decimal, double, object: the C# keywords
        } + (Nullable ? "?" : "");
    }

    private sealed class ClassDraft(int id, string hint, IReadOnlyList<MemberDraft> members)
    {
        public int Id { get; } = id;

        public string Hint { get; } = hint;

        public IReadOnlyList<MemberDraft> Members { get; } = members;

        public List<string> Paths { get; } = [];

        public string? Name { get; set; }
    }

    private sealed record MemberDraft(string JsonName, TypeRef Type, bool Optional, bool Nullable);
}
