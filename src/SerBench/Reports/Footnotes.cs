namespace SerBench.Reports;

/// <summary>
/// A table's numbered footnotes: the one place a note is added once and referenced by number (<c>CRASH [1,3]</c>), so
/// that ten rows with the same reason share one footnote.
/// </summary>
internal sealed class Footnotes(params IEnumerable<string> leading)
{
    private readonly List<string> _notes = [.. leading];

    public IReadOnlyList<string> All => _notes;

    /// <summary><paramref name="text"/> followed by the numbers of <paramref name="notes"/>, each added unless already there; the text alone when there are none.</summary>
    public string Mark(string text, params IEnumerable<string> notes)
    {
        var numbers = notes.Select(Number).ToList();
        return numbers.Count == 0 ? text : $"{text} [{string.Join(",", numbers)}]";
    }

    private string Number(string note)
    {
        var index = _notes.IndexOf(note);
        if (index < 0)
        {
            _notes.Add(note);
            index = _notes.Count - 1;
        }

        return (index + 1).ToString(System.Globalization.CultureInfo.InvariantCulture);
    }
}
