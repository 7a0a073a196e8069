/** Every query of the editor starts with 'course-editor'; a course is cached under the id or slug of its address. */
export const courseEditorKeys = {
  all: ['course-editor'] as const,
  course: (courseKey: string) => ['course-editor', 'course', courseKey] as const,
};
