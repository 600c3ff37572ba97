namespace SerBench.Core.UserData;

/// <summary>
/// The C# model <see cref="ModelInference"/> inferred from every document of a data set: its classes, the type of a
/// whole document, and what was decided or lost on the way. <see cref="ModelSourceWriter"/> writes it as C#.
/// </summary>
internal sealed class InferredModel
{
    /// <summary>The name of the source-generated <c>JsonSerializerContext</c> the written model declares.</summary>
    public const string ContextName = "RootJsonContext";

    /// <summary>The name of the static class whose module initializer registers the model with <see cref="UserModels"/>.</summary>
    public const string RegistrationName = "ModelRegistration";

    /// <summary>The data set the model was inferred from (the name it is registered under).</summary>
    public required string DataSetName { get; init; }

    /// <summary>How many documents the model was inferred from.</summary>
    public required int DocumentCount { get; init; }

    /// <summary>C# type text of one whole document: <c>Root</c> for objects, <c>List&lt;RootItem&gt;</c> or <c>List&lt;int&gt;</c> for arrays.</summary>
    public required string RootType { get; init; }

    /// <summary>The class of the root object, or of the root array's objects; null when the root array holds no objects.</summary>
    public InferredClass? RootClass { get; init; }

    /// <summary>Every class, the root's first, then in the order a reader meets them (depth first, members in order).</summary>
    public required IReadOnlyList<InferredClass> Classes { get; init; }

    /// <summary>What was decided and why (number types, placeholders, mixed kinds, shared classes), then everything in <see cref="Losses"/>; one line each, led by a path such as <c>$.items[*].price</c>.</summary>
    public required IReadOnlyList<string> Notes { get; init; }

    /// <summary>The notes that say a round trip through the model changes the data (a typed model cannot hold it as written).</summary>
    public required IReadOnlyList<string> Losses { get; init; }
}

/// <summary>One class of an inferred model: it stands for the objects at <see cref="Paths"/> (more than one when they share it).</summary>
/// <param name="Name">A C# identifier, unique in the model.</param>
/// <param name="Members">Properties in document order (a member first seen in a later object is placed after the one it followed there).</param>
/// <param name="Paths">Where its objects are in the documents, e.g. <c>$</c>, <c>$.orders[*]</c>.</param>
internal sealed record InferredClass(string Name, IReadOnlyList<InferredMember> Members, IReadOnlyList<string> Paths);

/// <summary>One property of an inferred class.</summary>
/// <param name="JsonName">The member's name in the documents, exactly (it may be any string, empty included).</param>
/// <param name="CSharpName">A C# identifier, unique in its class, different from the class's name and from <see cref="object"/>'s members.</param>
/// <param name="CSharpType">C# type text, nullable (<c>?</c>) when <paramref name="Optional"/> or <paramref name="Nullable"/>: <c>int</c>, <c>string?</c>, <c>List&lt;Item&gt;</c>.</param>
/// <param name="Optional">Absent from some of the objects: the property is not written when null, so absent stays absent.</param>
/// <param name="Nullable">null in some of the objects.</param>
internal sealed record InferredMember(string JsonName, string CSharpName, string CSharpType, bool Optional, bool Nullable);
