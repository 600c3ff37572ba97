using System.Security.Cryptography;
using System.Text;

namespace SerBench.Core.Results;

/// <summary>Names from results files become file names only through <see cref="Slug"/>, so a hostile file cannot write outside the folder.</summary>
internal static class OutputFolder
{
    /// <summary>A name that had to change gets a short hash of the original, so two names never share a slug.</summary>
    public static string Slug(string name)
    {
        var slug = new StringBuilder(name.Length);
        foreach (var c in name)
        {
            if (char.IsAsciiLetterOrDigit(c))
            {
                slug.Append(char.ToLowerInvariant(c));
            }
            else if (slug.Length > 0 && slug[^1] != '-')
            {
                slug.Append('-');
            }
        }

        var text = slug.ToString().TrimEnd('-');
        text = text.Length > 60 ? text[..60].TrimEnd('-') : text;
        if (text == name && text.Length > 0)
        {
            return text;
        }

        var hash = Convert.ToHexString(SHA256.HashData(Encoding.UTF8.GetBytes(name))).ToLowerInvariant()[..8];
        return text.Length == 0 ? hash : text + "-" + hash;
    }

    /// <summary>Throws if <paramref name="relative"/> would resolve outside <paramref name="folder"/>.</summary>
    public static string PathOf(string folder, string relative)
    {
        var root = Path.TrimEndingDirectorySeparator(Path.GetFullPath(folder));
        var full = Path.GetFullPath(Path.Combine(root, relative));
        if (!full.StartsWith(root + Path.DirectorySeparatorChar, StringComparison.Ordinal))
        {
            throw new InvalidOperationException($"'{relative}' would be written outside the output folder '{root}'.");
        }

        return full;
    }
}
