using System.Globalization;
using System.Runtime.CompilerServices;

namespace SerBench.Core.Running;

/// <summary>A .NET major, JIT or Native AOT; its <see cref="Name"/> (<c>net9.0-aot</c>) is in every cell's key.</summary>
internal sealed record RuntimeTarget(int Major, bool Aot)
{
    /// <summary>The newest is the newest the installed SDK can target.</summary>
    public const int OldestMajor = 8;

    public string Moniker => $"net{Major.ToString(CultureInfo.InvariantCulture)}.0";

    public string Name => Aot ? Moniker + "-aot" : Moniker;

    public string Compilation => Aot ? "aot" : "jit";

    public static RuntimeTarget Current { get; } = new(Environment.Version.Major, !RuntimeFeature.IsDynamicCodeSupported);

    public bool IsCurrent => this == Current;

    public override string ToString() => Name;

    public static RuntimeTarget? TryParse(string? name)
    {
        if (name is null)
        {
            return null;
        }

        var aot = name.EndsWith("-aot", StringComparison.Ordinal);
        var moniker = aot ? name[..^4] : name;
        return moniker.StartsWith("net", StringComparison.Ordinal) && moniker.EndsWith(".0", StringComparison.Ordinal)
               && int.TryParse(moniker.AsSpan(3, moniker.Length - 5), NumberStyles.None, CultureInfo.InvariantCulture, out var major) && major is > 0 and < 100
            ? new RuntimeTarget(major, aot)
            : null;
    }

    /// <summary>Schema-1 files were measured on SerBench's own runtime (<c>.NET 10.0.0</c>), just in time.</summary>
    public static RuntimeTarget? FromDescription(string description)
    {
        var match = System.Text.RegularExpressions.Regex.Match(description, @"(?<![\d.])(\d{1,2})\.\d+");
        return match.Success ? new RuntimeTarget(int.Parse(match.Groups[1].Value, CultureInfo.InvariantCulture), false) : null;
    }
}
