using SerBench.Core.Results;

namespace SerBench.Core.Statistics;

/// <summary>One rank, two rules under two names; under both, contenders the data cannot tell apart share a place (1, 1, 3).</summary>
internal static class Rank
{
    /// <summary>A case's rank: 1 + the contenders faster beyond doubt.</summary>
    public static int InCase(ResultCell cell, IEnumerable<ResultCell> ranked) =>
        Place(cell, ranked, (other, mine) => RatioInterval.Of(mine, other).IsSlower);

    /// <summary>A study's standing: 1 + the contenders faster beyond doubt in more of the cases both measured than slower.</summary>
    public static int Standing<TCase>(IReadOnlyDictionary<TCase, ResultCell> mine, IEnumerable<IReadOnlyDictionary<TCase, ResultCell>> others)
        where TCase : notnull =>
        Place(mine, others, (other, me) => Wins(other, me) > Wins(me, other));

    private static int Wins<TCase>(IReadOnlyDictionary<TCase, ResultCell> winner, IReadOnlyDictionary<TCase, ResultCell> loser) where TCase : notnull =>
        loser.Count(c => winner.TryGetValue(c.Key, out var theirs) && RatioInterval.Of(c.Value, theirs).IsSlower);

    private static int Place<T>(T mine, IEnumerable<T> others, Func<T, T, bool> ahead) where T : class =>
        1 + others.Count(other => other != mine && ahead(other, mine));
}
