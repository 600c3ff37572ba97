using System.Globalization;

namespace SerBench.Core.Measurement;

/// <summary>Durations as reports print them; the command line's form is the parent's (<c>DurationOption</c>).</summary>
internal static class Durations
{
    /// <summary>"10 min", "1 h 30 min", "45 s".</summary>
    public static string Format(TimeSpan duration) => duration.TotalSeconds < 60
        ? string.Create(CultureInfo.InvariantCulture, $"{duration.TotalSeconds:0} s")
        : duration.TotalMinutes < 60
            ? string.Create(CultureInfo.InvariantCulture, $"{Math.Floor(duration.TotalMinutes):0} min{(duration.Seconds > 0 ? $" {duration.Seconds} s" : "")}")
            : string.Create(CultureInfo.InvariantCulture, $"{Math.Floor(duration.TotalHours):0} h{(duration.Minutes > 0 ? $" {duration.Minutes} min" : "")}");
}
