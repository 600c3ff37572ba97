namespace SerBench.Core.UserData;

/// <summary>What <see cref="ModelInference"/> inferred, for <see cref="ModelSourceWriter"/> to write as C#.</summary>
internal sealed record InferredModel
{
    public const string ContextName = "RootJsonContext";

    public const string RegistrationName = "ModelRegistration";

    /// <summary>The name the model is registered under.</summary>
    public required string DataSetName { get; init; }

    public required int DocumentCount { get; init; }

    /// <summary>The documents it was inferred from, as a comment names them: <c>twitter.json</c>, <c>1.json and 11 more</c>.</summary>
    public string DocumentNames { get; init; } = "";

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

    /// <summary>Every place in the documents and what it holds (<c>an object</c>, <c>an array</c>, <c>a value</c>), for checking <c>--map</c> paths.</summary>
    public IReadOnlyDictionary<string, string> Places { get; init; } = new Dictionary<string, string>();
}

/// <summary><c>--map</c> and <c>--no-map</c>: places (<c>$.events</c>) the user reads as a map, or as a class, whatever <see cref="MapRule"/> says.</summary>
internal sealed record MapChoices(IReadOnlySet<string> Maps, IReadOnlySet<string> NoMaps)
{
    public static MapChoices None { get; } = new(new HashSet<string>(), new HashSet<string>());

    public bool IsEmpty => Maps.Count == 0 && NoMaps.Count == 0;
}

/// <summary>The objects at <paramref name="Paths"/> (<c>$.orders[*]</c>; more than one when they share the class).</summary>
internal sealed record InferredClass(string Name, IReadOnlyList<InferredMember> Members, IReadOnlyList<string> Paths);

/// <summary><paramref name="JsonName"/> may be any string, empty included; <paramref name="Optional"/>: absent from some objects, so not written when null.</summary>
internal sealed record InferredMember(string JsonName, string CSharpName, string CSharpType, bool Optional, bool Nullable);
