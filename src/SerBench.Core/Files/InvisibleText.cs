using System.Globalization;
using System.Text;

namespace SerBench.Core.Files;

/// <summary>Which characters a preview of a document or a value must show as code points rather than print.</summary>
internal static class InvisibleText
{
    // No glyph, and a console's width tables may not know them.
    public static bool IsInvisible(Rune rune) =>
        Rune.GetUnicodeCategory(rune) is UnicodeCategory.Control or UnicodeCategory.Format or UnicodeCategory.LineSeparator
            or UnicodeCategory.ParagraphSeparator or UnicodeCategory.OtherNotAssigned
        || IsNoncharacter(rune.Value);

    /// <summary>Invisible characters as <c>⟨U+202E⟩</c>, so a NUL or a right-to-left override can neither hide nor reorder text.</summary>
    public static string Show(string text)
    {
        if (!text.EnumerateRunes().Any(IsInvisible) && !text.Any(char.IsSurrogate))
        {
            return text;
        }

        var visible = new StringBuilder(text.Length + 16);
        for (var i = 0; i < text.Length; i++)
        {
            if (Rune.TryGetRuneAt(text, i, out var rune))
            {
                Append(visible, rune);
                i += rune.Utf16SequenceLength - 1;
            }
            else
            {
                visible.Append(CultureInfo.InvariantCulture, $"⟨U+{(int)text[i]:X4}⟩"); // A lone surrogate.
            }
        }

        return visible.ToString();
    }

    public static void Append(StringBuilder builder, Rune rune)
    {
        if (IsInvisible(rune))
        {
            builder.Append(CultureInfo.InvariantCulture, $"⟨U+{rune.Value:X4}⟩");
        }
        else
        {
            builder.Append(rune.ToString());
        }
    }

    private static bool IsNoncharacter(int value) => value is >= 0xFDD0 and <= 0xFDEF || (value & 0xFFFE) == 0xFFFE;
}
