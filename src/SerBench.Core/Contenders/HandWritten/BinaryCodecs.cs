using SerBench.Core.Payloads;

namespace SerBench.Core.Contenders.HandWritten;

internal static class BinaryCodecs
{
    public static Codec<T> Create<T>(BinaryFormatOptions options) where T : class
    {
        object? codec = typeof(T) switch
        {
            var t when t == typeof(SaveGame) => new BinaryCodec<SaveGame, SaveGameBinaryLayout>(options),
            var t when t == typeof(List<SaveGame>) => new BinaryCodec<List<SaveGame>, ListBinaryLayout<SaveGame, SaveGameBinaryLayout>>(options),
            var t when t == typeof(OfficeWorker) => new BinaryCodec<OfficeWorker, OfficeWorkerBinaryLayout>(options),
            var t when t == typeof(List<OfficeWorker>) => new BinaryCodec<List<OfficeWorker>, ListBinaryLayout<OfficeWorker, OfficeWorkerBinaryLayout>>(options),
            var t when t == typeof(User) => new BinaryCodec<User, UserBinaryLayout>(options),
            var t when t == typeof(List<User>) => new BinaryCodec<List<User>, ListBinaryLayout<User, UserBinaryLayout>>(options),
            var t when t == typeof(Person) => new BinaryCodec<Person, PersonBinaryLayout>(options),
            var t when t == typeof(List<Person>) => new BinaryCodec<List<Person>, ListBinaryLayout<Person, PersonBinaryLayout>>(options),
            _ => null,
        };
        return codec as Codec<T> ?? throw new NotSupportedException($"No hand-written binary layout exists for {typeof(T).Name}.");
    }
}
