namespace SerBench.Core.Payloads;

internal static class PayloadRegistry
{
    public static PayloadModel<Person> Person { get; } = new(
        "person", "Person + Friend, 22 properties as written by a JSON generator (study web-api)", PayloadGenerators.People, SnapshotRows.People);

    public static PayloadModel<User> User { get; } = new(
        "user", "User record, six properties filled by Bogus (study big-vs-many)", PayloadGenerators.Users, SnapshotRows.Users);

    public static PayloadModel<OfficeWorker> OfficeWorker { get; } = new(
        "office-worker", "OfficeWorker with Japanese text (study escaping)", PayloadGenerators.OfficeWorkers);

    public static PayloadModel<SaveGame> SaveGame { get; } = new(
        "save-game", "SaveGame { Name, HighScore } (study json-vs-binary)", PayloadGenerators.SaveGames);

    /// <summary>In the order reports list them.</summary>
    public static IReadOnlyList<PayloadModel> All { get; } = [Person, User, OfficeWorker, SaveGame];
}
