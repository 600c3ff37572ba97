namespace SerBench.Core.UserData;

/// <summary>What <see cref="ModelInference"/> inferred, for <see cref="ModelSourceWriter"/> to write as C#.</summary>
internal sealed class InferredModel
{
    public const string ContextName = "RootJsonContext";

    public const string RegistrationName = "ModelRegistration";

    /// <summary>The name the model is registered under.</summary>
    public required string DataSetName { get; init; }

    public required int DocumentCount { get; init; }

    /// <summary>One whole document: <c>Root</c>, <c>List&lt;RootItem&gt;</c> or <c>List&lt;int&gt;</c>.</summary>
    public required string RootType { get; init; }

    /// <summary>The root object's class, or the root array's objects'; null when it holds none.</summary>
    public InferredClass? RootClass { get; init; }

    /// <summary>The root's first, then depth first in member order.</summary>
    public required IReadOnlyList<InferredClass> Classes { get; init; }

    /// <summary>What was decided and why, then the <see cref="Losses"/>; one line each, led by a path (<c>$.items[*].price</c>).</summary>
    public required IReadOnlyList<string> Notes { get; init; }

    /// <summary>Where a round trip through the model changes the data.</summary>
    public required IReadOnlyList<string> Losses { get; init; }
}

/// <summary>The objects at <paramref name="Paths"/> (<c>$.orders[*]</c>; more than one when they share the class).</summary>
internal sealed record InferredClass(string Name, IReadOnlyList<InferredMember> Members, IReadOnlyList<string> Paths);

/// <summary><paramref name="JsonName"/> may be any string, empty included; <paramref name="Optional"/>: absent from some objects, so not written when null.</summary>
internal sealed record InferredMember(string JsonName, string CSharpName, string CSharpType, bool Optional, bool Nullable);
