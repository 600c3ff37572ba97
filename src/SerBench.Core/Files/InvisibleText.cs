using System.Globalization;
using System.Text;

namespace SerBench.Files;

/// <summary>Which characters a preview of a document or a value must show as code points rather than print.</summary>
internal static class InvisibleText
{
    /// <summary>
    /// Control and format characters, line and paragraph separators (U+2028), noncharacters (U+FFFF) and unassigned
    /// code points: they have no glyph, and a console's width tables may not know them.
    /// </summary>
    public static bool IsInvisible(Rune rune) =>
        Rune.GetUnicodeCategory(rune) is UnicodeCategory.Control or UnicodeCategory.Format or UnicodeCategory.LineSeparator
            or UnicodeCategory.ParagraphSeparator or UnicodeCategory.OtherNotAssigned
        || IsNoncharacter(rune.Value);

    /// <summary>U+FDD0–U+FDEF and the last two code points of every plane (U+FFFE, U+FFFF, U+1FFFE…): Unicode's noncharacters.</summary>
    private static bool IsNoncharacter(int value) => value is >= 0xFDD0 and <= 0xFDEF || (value & 0xFFFE) == 0xFFFE;
}
