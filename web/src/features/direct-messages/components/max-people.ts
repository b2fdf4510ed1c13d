/** A DM has at most nine people: the caller and eight others (the database enforces it too). */
export const MAX_OTHER_PEOPLE = 8;
