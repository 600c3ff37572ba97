namespace SerBench.Core.Studies;

internal static class StudyRegistry
{
    /// <summary>In report order.</summary>
    public static IReadOnlyList<Study> All { get; } =
    [
        WebApiStudy.Create(),
        JsonVsBinaryStudy.Create(),
        BigVsManyStudy.Create(),
        EscapingStudy.Create(),
        ShootoutStudy.Create(),
    ];
}
