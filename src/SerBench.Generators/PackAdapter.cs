using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace SerBench.Generators;

/// <summary>
/// One <c>[PackContender("name")]</c> class as the generator keeps it between compilations: names, where its attribute
/// is, and why the agent cannot create it (<see cref="Problem"/>, null when it can). Values only, so an edit elsewhere
/// leaves it equal and the registration is not written again.
/// </summary>
internal sealed record PackAdapter(string Name, string TypeName, string? Problem, string FilePath, TextSpan Span, LinePositionSpan LineSpan)
{
    public const string AdapterBaseName = "SerBench.Core.Packs.ContenderAdapter";

    /// <summary>The class as a message names it: C# without <c>global::</c>.</summary>
    public string DisplayName => TypeName.Replace("global::", "");

    public Location Location => Location.Create(FilePath, Span, LineSpan);

    /// <summary>The 1-based line of the attribute, where a registration that does not compile is blamed.</summary>
    public int Line => LineSpan.Start.Line + 1;

    /// <summary>Null where the compiler itself reports the mistake: the attribute on a struct, or without a name it can bind.</summary>
    public static PackAdapter? From(GeneratorAttributeSyntaxContext context)
    {
        if (context.TargetSymbol is not INamedTypeSymbol { TypeKind: TypeKind.Class } type
            || context.Attributes.FirstOrDefault() is not { ApplicationSyntaxReference: { } reference } attribute
            || attribute.ConstructorArguments.Length != 1)
        {
            return null;
        }

        // The whole [..] list, so the line is that of its bracket whatever follows on it.
        var syntax = reference.GetSyntax();
        var where = (syntax.Parent as AttributeListSyntax ?? syntax).GetLocation();
        var name = attribute.ConstructorArguments[0].Value as string;
        var typeName = type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
        return new PackAdapter(name ?? "", typeName, WhyUncreatable(type, name, context.SemanticModel.Compilation),
            where.SourceTree?.FilePath ?? "", where.SourceSpan, where.GetLineSpan().Span);
    }

    private static string? WhyUncreatable(INamedTypeSymbol type, string? name, Compilation compilation)
    {
        if (string.IsNullOrWhiteSpace(name))
        {
            return "its contender name is empty; give the name of its entry in pack.json";
        }

        if (!DerivesFromAdapter(type))
        {
            return $"it does not derive from {AdapterBaseName}";
        }

        if (type.IsStatic || type.IsAbstract)
        {
            return type.IsStatic ? "it is static" : "it is abstract";
        }

        for (var container = type; container is not null; container = container.ContainingType)
        {
            if (container.Arity > 0)
            {
                return "it is generic, or nested in a generic class";
            }

            if (container.IsFileLocal || !compilation.IsSymbolAccessibleWithin(container, compilation.Assembly))
            {
                return "it is not visible outside its own file or class; make it internal";
            }
        }

        return type.InstanceConstructors.Any(c => c.Parameters.All(p => p.IsOptional || p.IsParams) && compilation.IsSymbolAccessibleWithin(c, compilation.Assembly))
            ? null
            : "it has no public or internal constructor without parameters";
    }

    private static bool DerivesFromAdapter(INamedTypeSymbol type)
    {
        for (var @base = type.BaseType; @base is not null; @base = @base.BaseType)
        {
            if (@base.ToDisplayString() == AdapterBaseName)
            {
                return true;
            }
        }

        return false;
    }
}
