using System.Globalization;
using System.Text.RegularExpressions;
using SerBench.Core.Running;

namespace SerBench.Running;

/// <summary>Durations as the command line takes them (<c>--budget 10m</c>, <c>90s</c>, <c>1h30m</c>) and gives them back in advice.</summary>
internal static partial class DurationOption
{
    /// <summary>A positive duration: one or more number-and-unit parts (h, m, s), e.g. 10m, 90s, 1h30m, 2.5m.</summary>
    public static TimeSpan Parse(string option, string text)
    {
        var trimmed = text.Trim();
        var match = Parts().Match(trimmed);
        if (trimmed.Length == 0 || !match.Success)
        {
            throw new UsageException($"Invalid {option} '{text}': give a duration with a unit, h, m (or min) or s, e.g. {option} 10m, 90s or 1h30m.");
        }

        var seconds = 0.0;
        foreach (Capture capture in match.Groups["part"].Captures)
        {
            var digits = capture.Value.TrimEnd('h', 'm', 'i', 'n', 's');
            var unit = capture.Value[digits.Length..];
            var number = double.Parse(digits, NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture);
            seconds += number * (unit == "h" ? 3600 : unit is "m" or "min" ? 60 : 1);
        }

        return seconds is > 0 and <= 7 * 24 * 3600
            ? TimeSpan.FromSeconds(seconds)
            : throw new UsageException($"Invalid {option} '{text}': give a duration above zero and at most a week, e.g. {option} 10m.");
    }

    /// <summary>Up to the next whole minute.</summary>
    public static TimeSpan RoundUpToMinute(TimeSpan duration) => TimeSpan.FromMinutes(Math.Ceiling(duration.TotalMinutes));

    /// <summary>As --budget takes it: "8m", "1h30m", "45s".</summary>
    public static string AsOption(TimeSpan duration) => duration.TotalSeconds < 60
        ? string.Create(CultureInfo.InvariantCulture, $"{Math.Ceiling(duration.TotalSeconds):0}s")
        : duration.TotalMinutes < 60
            ? string.Create(CultureInfo.InvariantCulture, $"{Math.Ceiling(duration.TotalMinutes):0}m")
            : string.Create(CultureInfo.InvariantCulture, $"{Math.Floor(duration.TotalHours):0}h{(duration.Minutes > 0 ? $"{duration.Minutes}m" : "")}");

    [GeneratedRegex(@"^(?<part>[0-9]+(\.[0-9]+)?(h|min|m|s))+$", RegexOptions.CultureInvariant)]
    private static partial Regex Parts();
}
