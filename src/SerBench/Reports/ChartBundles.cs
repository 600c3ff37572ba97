using System.Reflection;

namespace SerBench.Reports;

/// <summary>The Vega bundles embedded at build time (Charts.targets) and the Node.js SVG script; <see cref="Available"/> is false when the build could not restore them.</summary>
internal static class ChartBundles
{
    private static readonly Assembly Assembly = typeof(ChartBundles).Assembly;

    // Read once: the bundles are about 800 KB together, and every report embeds them.
    private static readonly string? VegaText = Read("vega.min.js");
    private static readonly string? VegaLiteText = Read("vega-lite.min.js");
    private static readonly string? VegaEmbedText = Read("vega-embed.min.js");

    public static bool Available => VegaText is not null && VegaLiteText is not null && VegaEmbedText is not null;

    public static string Vega => VegaText ?? throw Missing();

    public static string VegaLite => VegaLiteText ?? throw Missing();

    public static string VegaEmbed => VegaEmbedText ?? throw Missing();

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
