namespace SerBench.Core.Payloads;

/// <summary>The study-2 model, as the Unity article declared it.</summary>
public sealed partial class SaveGame
{
    public string Name { get; set; } = "";

    public int HighScore { get; set; }
}
