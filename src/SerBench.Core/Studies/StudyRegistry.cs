namespace SerBench.Core.Studies;

internal static class StudyRegistry
{
    /// <summary>In report order: the five studies of the articles, which a run without --study measures.</summary>
    public static IReadOnlyList<Study> Default { get; } =
    [
        WebApiStudy.Create(),
        JsonVsBinaryStudy.Create(),
        BigVsManyStudy.Create(),
        EscapingStudy.Create(),
        ShootoutStudy.Create(),
    ];

    /// <summary>Every study --study can name: the default ones, then SerBench's own.</summary>
    public static IReadOnlyList<Study> All { get; } = [.. Default, StreamsStudy.Create(), ThreadsStudy.Create()];
}
