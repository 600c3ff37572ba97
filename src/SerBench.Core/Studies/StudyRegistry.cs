namespace SerBench.Core.Studies;

/// <summary>The built-in studies, by name.</summary>
internal static class StudyRegistry
{
    /// <summary>Every study that <c>serbench run</c> runs with no arguments, in report order.</summary>
    public static IReadOnlyList<Study> All { get; } =
    [
        WebApiStudy.Create(),
        JsonVsBinaryStudy.Create(),
        BigVsManyStudy.Create(),
        EscapingStudy.Create(),
        ShootoutStudy.Create(),
    ];
}
