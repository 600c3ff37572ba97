using System.Diagnostics.CodeAnalysis;
using System.Reflection;

namespace SerBench.Core.UserData;

/// <summary>A closed generic type as C# writes it (<c>Ns.Page&lt;int&gt;</c>) or as .NET does (<c>Ns.Page`1[System.Int32]</c>).</summary>
[RequiresUnreferencedCode(TypesStudy.LoadsAssembly)]
[RequiresDynamicCode(TypesStudy.LoadsAssembly)]
internal static class ClosedTypeName
{
    private static readonly Dictionary<string, Type> Keywords = new(StringComparer.Ordinal)
    {
        ["bool"] = typeof(bool), ["byte"] = typeof(byte), ["sbyte"] = typeof(sbyte), ["short"] = typeof(short), ["ushort"] = typeof(ushort),
        ["int"] = typeof(int), ["uint"] = typeof(uint), ["long"] = typeof(long), ["ulong"] = typeof(ulong), ["float"] = typeof(float),
        ["double"] = typeof(double), ["decimal"] = typeof(decimal), ["char"] = typeof(char), ["string"] = typeof(string), ["object"] = typeof(object),
    };

    /// <summary>Null when the name is not a generic one or an argument is not found.</summary>
    public static Type? Resolve(Assembly assembly, string name)
    {
        name = name.Trim();
        if (Keywords.TryGetValue(name, out var keyword))
        {
            return keyword;
        }

        // Ns.Page<int> or Ns.Page`1[System.Int32] (an argument may be [assembly-qualified]).
        var open = name.IndexOfAny(['<', '[']);
        var tick = name.IndexOf('`', StringComparison.Ordinal);
        if (open <= 0 || !(name.EndsWith('>') || name.EndsWith(']')))
        {
            return assembly.GetType(name, throwOnError: false) ?? Type.GetType(name, throwOnError: false);
        }

        var arguments = SplitTopLevel(name[(open + 1)..^1]);
        var definitionName = tick > 0 && tick < open ? name[..open].Trim() : $"{name[..open].Trim()}`{arguments.Count}";
        var definition = assembly.GetType(definitionName, throwOnError: false);
        var types = arguments.Select(a => Argument(assembly, a)).ToList();
        return definition is { IsGenericTypeDefinition: true } && definition.GetGenericArguments().Length == types.Count && types.All(t => t is not null)
            ? definition.MakeGenericType([.. types.Select(t => t!)])
            : null;
    }

    private static Type? Argument(Assembly assembly, string text)
    {
        if (text.StartsWith('[') && text.EndsWith(']'))
        {
            var inner = text[1..^1];
            // [System.Int32, System.Private.CoreLib]: assembly-qualified, for the runtime to find.
            return SplitTopLevel(inner).Count > 1 ? Type.GetType(inner, throwOnError: false) : Resolve(assembly, inner);
        }

        return Resolve(assembly, text);
    }

    private static List<string> SplitTopLevel(string text)
    {
        var parts = new List<string>();
        var (depth, start) = (0, 0);
        for (var i = 0; i < text.Length; i++)
        {
            depth += text[i] is '<' or '[' ? 1 : text[i] is '>' or ']' ? -1 : 0;
            if (text[i] == ',' && depth == 0)
            {
                parts.Add(text[start..i].Trim());
                start = i + 1;
            }
        }

        parts.Add(text[start..].Trim());
        return parts;
    }
}
