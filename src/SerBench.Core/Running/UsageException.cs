namespace SerBench.Core.Running;

/// <summary>Bad input from the user: the message is one line saying what is wrong and what would be right.</summary>
internal sealed class UsageException(string message) : Exception(message);
