using System.Globalization;
using System.Text;

namespace SerBench.Core.UserData;

/// <summary>C# names and literals for generated code: any JSON text in, valid C# out.</summary>
internal static class CSharpNames
{
    /// <summary>
    /// Names the generated file uses by simple name (types, attributes, <c>System</c>, <c>SerBench</c>), and the context's
    /// own members and the per-type properties the source generator gives it (<c>Int32</c>, <c>ListRoot</c>): a model class would collide.
    /// </summary>
    private static readonly HashSet<string> ReservedClassNames = new(StringComparer.Ordinal)
    {
        InferredModel.ContextName, InferredModel.RegistrationName, "System", "SerBench", "List",
        "DataContract", "DataContractAttribute", "DataMember", "DataMemberAttribute",
        "JsonPropertyName", "JsonPropertyNameAttribute", "JsonIgnore", "JsonIgnoreAttribute", "JsonIgnoreCondition",
        "JsonSerializable", "JsonSerializableAttribute", "JsonSerializerContext",
        "Options", "Default", "GeneratedSerializerOptions", "GetTypeInfo", "TryGetTypeInfo",
        "Equals", "GetHashCode", "GetType", "ToString", "MemberwiseClone", "Finalize", "ReferenceEquals",
        "Boolean", "String", "Int32", "Int64", "Decimal", "Double", "Object", "JsonElement",
        "NullableBoolean", "NullableInt32", "NullableInt64", "NullableDecimal", "NullableDouble",
    };

    private static readonly string[] GeneratedSuffixes = ["PropInit", "SerializeHandler", "CtorParamInit"];

    /// <summary>Also <c>List</c> + a capital (the generator's name for <c>List&lt;Item&gt;</c>) and its helpers' names (<c>RootPropInit</c>).</summary>
    public static bool IsReservedClassName(string name) =>
        ReservedClassNames.Contains(name)
        || (name.Length > 4 && name.StartsWith("List", StringComparison.Ordinal) && !char.IsLower(name[4]))
        || name.StartsWith("Create_", StringComparison.Ordinal)
        || GeneratedSuffixes.Any(suffix => name.Length > suffix.Length && name.EndsWith(suffix, StringComparison.Ordinal));

    /// <summary>Property names that would hide <see cref="object"/>'s members (a compiler warning) in every class.</summary>
    public static IReadOnlyList<string> ObjectMembers { get; } = ["Equals", "GetHashCode", "GetType", "ToString", "MemberwiseClone", "Finalize", "ReferenceEquals"];

    private static readonly HashSet<string> Keywords = new(StringComparer.Ordinal)
    {
        "abstract", "as", "base", "bool", "break", "byte", "case", "catch", "char", "checked", "class", "const", "continue", "decimal",
        "default", "delegate", "do", "double", "else", "enum", "event", "explicit", "extern", "false", "finally", "fixed", "float", "for",
        "foreach", "goto", "if", "implicit", "in", "int", "interface", "internal", "is", "lock", "long", "namespace", "new", "null",
        "object", "operator", "out", "override", "params", "private", "protected", "public", "readonly", "ref", "return", "sbyte",
        "sealed", "short", "sizeof", "stackalloc", "static", "string", "struct", "switch", "this", "throw", "true", "try", "typeof",
        "uint", "ulong", "unchecked", "unsafe", "ushort", "using", "virtual", "void", "volatile", "while",
    };

    /// <summary>PascalCase from any JSON name; never a keyword, as keywords are lower-case ASCII and the first character is not.</summary>
    public static string Identifier(string jsonName)
    {
        var builder = new StringBuilder(jsonName.Length + 1);
        var wordStart = true;
        foreach (var c in jsonName)
        {
            if (c != '_' && IsIdentifierPart(c))
            {
                builder.Append(wordStart ? char.ToUpperInvariant(c) : c);
                wordStart = false;
            }
            else
            {
                wordStart = true;
            }
        }

        if (builder.Length == 0)
        {
            return "Member";
        }

        return IsIdentifierStart(builder[0]) ? builder.ToString() : "_" + builder;
    }

    /// <summary><c>Items</c> → <c>Item</c>, <c>Categories</c> → <c>Category</c>, <c>Data</c> → <c>DataItem</c>.</summary>
    public static string Singular(string name)
    {
        string? singular = null;
        if (EndsWith(name, "ies") && name.Length > 3)
        {
            singular = name[..^3] + (char.IsUpper(name[^1]) ? "Y" : "y");
        }
        else if (EndsWith(name, "sses") || EndsWith(name, "shes") || EndsWith(name, "ches") || EndsWith(name, "xes") || EndsWith(name, "zes") || EndsWith(name, "uses"))
        {
            singular = name[..^2];
        }
        else if (EndsWith(name, "s") && !EndsWith(name, "ss") && !EndsWith(name, "us") && !EndsWith(name, "is"))
        {
            singular = name[..^1];
        }

        return singular is { Length: > 0 } && singular != "_" ? singular : name + "Item";
    }

    private static bool EndsWith(string name, string suffix) => name.EndsWith(suffix, StringComparison.OrdinalIgnoreCase);

    /// <summary><paramref name="wanted"/>, or followed by 2, 3… when taken or reserved; added to <paramref name="taken"/>.</summary>
    public static string Unique(string wanted, ISet<string> taken, Func<string, bool>? reserved = null)
    {
        var name = wanted;
        for (var i = 2; reserved?.Invoke(name) == true || !taken.Add(name); i++)
        {
            name = wanted + i.ToString(CultureInfo.InvariantCulture);
        }

        return name;
    }

    public static bool IsNamespace(string name) => name.Split('.').All(part =>
        part.Length > 0 && (part[0] == '_' || IsIdentifierStart(part[0])) && part.All(IsIdentifierPart) && !Keywords.Contains(part));

    // C# identifiers (ECMA-334 §6.4.3): letters and letter numbers start them; digits, combining marks and connectors
    // continue them. Formatting characters are allowed too, but the compiler ignores them when comparing names, so two
    // names could collide unseen: they separate words here instead.
    private static bool IsIdentifierStart(char c) => char.GetUnicodeCategory(c) is UnicodeCategory.UppercaseLetter or UnicodeCategory.LowercaseLetter
        or UnicodeCategory.TitlecaseLetter or UnicodeCategory.ModifierLetter or UnicodeCategory.OtherLetter or UnicodeCategory.LetterNumber;

    private static bool IsIdentifierPart(char c) => IsIdentifierStart(c) || char.GetUnicodeCategory(c) is UnicodeCategory.DecimalDigitNumber
        or UnicodeCategory.NonSpacingMark or UnicodeCategory.SpacingCombiningMark or UnicodeCategory.ConnectorPunctuation;

    public static string Literal(string text) => Escape(new StringBuilder(text.Length + 2).Append('"'), text, quotes: true).Append('"').ToString();

    /// <summary>Stays on one <c>//</c> comment line: the escapes of <see cref="Literal"/>, quotes kept.</summary>
    public static string CommentText(string text) => Escape(new StringBuilder(text.Length), text, quotes: false).ToString();

    private static StringBuilder Escape(StringBuilder builder, string text, bool quotes)
    {
        foreach (var c in text)
        {
            _ = c switch
            {
                '"' when quotes => builder.Append("\\\""),
                '\\' when quotes => builder.Append("\\\\"),
                '\n' => builder.Append("\\n"),
                '\r' => builder.Append("\\r"),
                '\t' => builder.Append("\\t"),
                // Control characters, the line breaks C# knows besides CR and LF, and surrogates (a lone one is not UTF-8).
                _ when char.IsControl(c) || char.IsSurrogate(c) || c is '\u2028' or '\u2029' =>
                    builder.Append(CultureInfo.InvariantCulture, $"\\u{(int)c:X4}"),
                _ => builder.Append(c),
            };
        }

        return builder;
    }
}
