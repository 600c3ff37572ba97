using System.Reflection;

namespace SerBench.Reports;

/// <summary>
/// The Vega, Vega-Lite and vega-embed bundles embedded into SerBench.dll at build time (see Charts.targets), and the
/// script that renders SVG files with Node.js. <see cref="Available"/> is false when the build could not restore them.
/// </summary>
public static class ChartBundles
{
    private static readonly Assembly Assembly = typeof(ChartBundles).Assembly;

    public static bool Available { get; } = Read("vega.min.js") is not null && Read("vega-lite.min.js") is not null && Read("vega-embed.min.js") is not null;

    public static string Vega => Read("vega.min.js") ?? throw Missing();

    public static string VegaLite => Read("vega-lite.min.js") ?? throw Missing();

    public static string VegaEmbed => Read("vega-embed.min.js") ?? throw Missing();

    public static string SvgRenderScript => Read("render-svg.cjs") ?? throw Missing();

    public const string NotBundledMessage =
        "Charts were not bundled into this SerBench build (npm could not restore eng/charts when it was built); tables and findings are complete.";

    private static string? Read(string name)
    {
        using var stream = Assembly.GetManifestResourceStream("SerBench.Charts." + name);
        if (stream is null)
        {
            return null;
        }

        using var reader = new StreamReader(stream);
        return reader.ReadToEnd();
    }

    private static InvalidOperationException Missing() => new(NotBundledMessage);
}
