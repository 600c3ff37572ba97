using System.Globalization;

namespace SerBench.Tests.Infrastructure;

/// <summary>
/// The cultures every exporter is rendered under, as BenchmarkDotNet's exporter tests do: the invariant culture, en-US,
/// and a comma-decimal culture with '.' between thousands, where a stray current-culture number shows.
/// </summary>
internal static class Cultures
{
    public static readonly IReadOnlyList<string> All = ["", "en-US", "de-DE"];

    public static TheoryData<string> Names => [.. All];

    /// <summary>The cultures other than the invariant one, whose output must equal the invariant culture's.</summary>
    public static TheoryData<string> Others => [.. All.Skip(1)];

    /// <summary>Every case under every culture.</summary>
    public static TheoryData<T, string> Each<T>(IEnumerable<T> cases, IEnumerable<string> cultures)
    {
        var data = new TheoryData<T, string>();
        foreach (var item in cases)
        {
            foreach (var culture in cultures)
            {
                data.Add(item, culture);
            }
        }

        return data;
    }

    public static T Under<T>(string name, Func<T> render)
    {
        var (culture, uiCulture) = (CultureInfo.CurrentCulture, CultureInfo.CurrentUICulture);
        CultureInfo.CurrentCulture = CultureInfo.CurrentUICulture = CultureInfo.GetCultureInfo(name);
        try
        {
            return render();
        }
        finally
        {
            (CultureInfo.CurrentCulture, CultureInfo.CurrentUICulture) = (culture, uiCulture);
        }
    }

    public static void Under(string name, Action render) => Under(name, () =>
    {
        render();
        return 0;
    });
}
